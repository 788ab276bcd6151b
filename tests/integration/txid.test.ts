import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackendHost, type RunningBackendHost } from '../../server/host';
import type { FindResult, StatusPreview } from '../../src/shared/contract';
import { at, typed, usePlatform } from '../support/integration/moneyFixtures';
import { emulatorHosts, freePort } from '../support/integration/emulatorHosts';

/**
 * Chain evidence on the emulators (docs/product-rules.md §5.6): a txid is checked for the record's
 * coin, justifies one credit or payout only (a second use is refused in the preview and on the
 * click, with nothing written), can be made required, reaches the payout e-mail with its explorer
 * link, and opens its record from the top bar's find; find also reaches a deleted customer.
 */

/** A well-formed transaction id (64 hex characters), different for each name. */
const hexTxid = (name: string) => createHash('sha256').update(name).digest('hex');
const ethTxid = (name: string) => `0x${hexTxid(name)}`;

const DANA = { fullname: 'Dana Depositor', email: 'dana@example.com', balance: 0, Totaldeposit: 100, Totalwithdrawal: 0 };
const WES = { fullname: 'Wes Withdrawer', email: 'wes@example.com', balance: 500, Totaldeposit: 2000, Totalwithdrawal: 1000 };
/** Pays in on Ethereum and on Tron: her deposits are the ones one hash in several spellings must credit once. */
const UMA = { fullname: 'Uma Multichain', email: 'uma@example.com', balance: 0, Totaldeposit: 1000, Totalwithdrawal: 0 };

describe('chain evidence (txid) on the emulators', () => {
  // The backend host is started only by the test that deletes a customer; until then e-mails stay in the outbox.
  let port = 0;
  let host: RunningBackendHost | null = null;
  beforeAll(async () => {
    port = await freePort();
  });
  afterAll(async () => {
    await host?.close();
  });
  const platform = usePlatform({ per: 'file', env: () => ({ LEDGERDESK_BACKEND_URL: `http://127.0.0.1:${port}` }) });
  const call = () => typed(platform.app);

  beforeAll(async () => {
    const batch = platform.db.batch();
    batch.set(platform.db.doc('users/dana'), { ...DANA, timestamp: at('2026-01-01T00:00:00Z') });
    batch.set(platform.db.doc('users/wes'), { ...WES, timestamp: at('2026-01-01T00:00:00Z') });
    batch.set(platform.db.doc('users/uma'), { ...UMA, timestamp: at('2026-01-01T00:00:00Z') });
    await batch.commit();
  });

  /** A pending BITCOIN deposit of Dana's. */
  const deposit = (id: string, amount: number) =>
    platform.db.doc(`deposits/${id}`).set({
      userId: 'dana',
      userEmail: DANA.email,
      username: DANA.fullname,
      method: 'BITCOIN',
      amount,
      status: 'pending',
      timestamp: at('2026-02-01T00:00:00Z')
    });
  /** A pending deposit of Uma's in a coin whose ids share a chain with another's. */
  const umaDeposit = (id: string, method: 'USDT' | 'TRON' | 'ETHEREUM', amount: number) =>
    platform.db.doc(`deposits/${id}`).set({
      userId: 'uma',
      userEmail: UMA.email,
      username: UMA.fullname,
      method,
      amount,
      status: 'pending',
      timestamp: at('2026-02-03T00:00:00Z')
    });
  /** A pending ETHEREUM withdrawal of Wes's. */
  const withdrawal = (id: string, amount: number) =>
    platform.db.doc(`withdrawals/${id}`).set({
      userId: 'wes',
      email: WES.email,
      username: WES.fullname,
      amount,
      cryptoType: 'ETHEREUM',
      walletAddress: '0x52908400098527886e0f7030069857d2e4169ee7',
      status: 'pending',
      createdAt: at('2026-02-02T00:00:00Z')
    });

  const data = async (path: string) => (await platform.db.doc(path).get()).data();
  const size = async (collection: string) => (await platform.db.collection(collection).count().get()).data().count;
  /** What a refused decision must leave as it was: the record, its customer, and every audit entry, e-mail and guard. */
  const state = async (recordPath: string, customerPath: string) => ({
    record: await data(recordPath),
    customer: await data(customerPath),
    audit: await size('auditLog'),
    mail: await size('mailOutbox'),
    guards: await size('txidGuards')
  });
  const preview = async (kind: 'deposits' | 'withdrawals', id: string, status: string, txid?: string): Promise<StatusPreview> => {
    const answer = await call()(`${kind}.preview`, { id, status, ...(txid === undefined ? {} : { txid }) } as never);
    if (!answer.ok) throw new Error(answer.error.message);
    return answer.value as StatusPreview;
  };
  const decide = (kind: 'deposits' | 'withdrawals', id: string, status: string, txid?: string) =>
    call()(`${kind}.setStatus`, { id, status, operationId: randomUUID(), ...(txid === undefined ? {} : { txid }) } as never);
  const find = async (query: string): Promise<FindResult> => {
    const answer = await call()('records.find', { query });
    if (!answer.ok) throw new Error(answer.error.message);
    return answer.value;
  };

  it('refuses a txid malformed for the coin as VALIDATION naming the coin and the form, and writes nothing', async () => {
    await deposit('dep-malformed', 40);
    await withdrawal('wd-malformed', 30);

    const btc = 'A BITCOIN transaction id is 64 hexadecimal characters.';
    // An Ethereum-style id on a Bitcoin deposit.
    expect(await preview('deposits', 'dep-malformed', 'success', ethTxid('malformed'))).toMatchObject({
      allowed: false,
      refusal: { code: 'VALIDATION', message: btc }
    });
    const depositBefore = await state('deposits/dep-malformed', 'users/dana');
    expect(await decide('deposits', 'dep-malformed', 'success', ethTxid('malformed'))).toEqual({ ok: false, error: { code: 'VALIDATION', message: btc } });
    expect(await state('deposits/dep-malformed', 'users/dana')).toEqual(depositBefore);

    // A bare hex id on an Ethereum withdrawal: it needs its 0x.
    const withdrawalBefore = await state('withdrawals/wd-malformed', 'users/wes');
    expect(await decide('withdrawals', 'wd-malformed', 'approved', hexTxid('malformed'))).toEqual({
      ok: false,
      error: { code: 'VALIDATION', message: 'A ETHEREUM transaction id is 0x followed by 64 hexadecimal characters.' }
    });
    expect(await state('withdrawals/wd-malformed', 'users/wes')).toEqual(withdrawalBefore);
    expect(withdrawalBefore.record).toMatchObject({ status: 'pending' });
  });

  it('credits one deposit per txid: a second deposit with it is refused in the preview and on the click, with nothing written', async () => {
    await deposit('dep-first', 123.45);
    await deposit('dep-second', 80);
    const txid = hexTxid('deposit-reused');

    // Pasted upper-case with spaces around it: stored trimmed and lower-cased.
    expect(await decide('deposits', 'dep-first', 'success', `  ${txid.toUpperCase()}  `)).toMatchObject({ ok: true });
    expect(await data('deposits/dep-first')).toMatchObject({ status: 'success', txid });
    expect(await data('users/dana')).toMatchObject({ Totaldeposit: 223.45 });

    const refusal = 'This transaction already credited deposit dep-first (dana@example.com, $123.45).';
    expect(await preview('deposits', 'dep-second', 'success', txid)).toMatchObject({ allowed: false, refusal: { code: 'CONFLICT', message: refusal } });

    const before = await state('deposits/dep-second', 'users/dana');
    expect(await decide('deposits', 'dep-second', 'success', txid.toUpperCase())).toEqual({ ok: false, error: { code: 'CONFLICT', message: refusal } });
    const after = await state('deposits/dep-second', 'users/dana');
    expect(after).toEqual(before);
    expect(after.record).toMatchObject({ status: 'pending' });
    expect(after.record).not.toHaveProperty('txid');
    expect(after.customer).toMatchObject({ Totaldeposit: 223.45 });
  });

  /**
   * The second use of a transaction, in whatever spelling and coin: CONFLICT naming the record it
   * already justified, in the preview and on the click, and nothing written (the record still
   * pending without a txid, the customer's figures, the audit log, the outbox and the guards as they were).
   */
  const refusedAsUsed = async (kind: 'deposits' | 'withdrawals', id: string, txid: string, customerPath: string, refusal: string) => {
    const status = kind === 'deposits' ? 'success' : 'approved';
    expect(await preview(kind, id, status, txid)).toMatchObject({ allowed: false, refusal: { code: 'CONFLICT', message: refusal } });
    const before = await state(`${kind}/${id}`, customerPath);
    expect(await decide(kind, id, status, txid)).toEqual({ ok: false, error: { code: 'CONFLICT', message: refusal } });
    const after = await state(`${kind}/${id}`, customerPath);
    expect(after).toEqual(before);
    expect(after.record).toMatchObject({ status: 'pending' });
    expect(after.record).not.toHaveProperty('txid');
    return after;
  };
  /** The guards a transaction has now: one, keyed on its hash, whatever the spellings and coins used. */
  const guardsOf = async (hash: string) =>
    (await platform.db.collection('txidGuards').get()).docs.filter((d) => d.id.includes(hash)).map((d) => ({ id: d.id, ...d.data() }));

  it('credits one USDT deposit per transaction whichever spelling: the bare hash after its 0x spelling is refused, nothing written', async () => {
    await umaDeposit('usdt-eth', 'USDT', 500);
    await umaDeposit('usdt-bare', 'USDT', 500);
    const hash = hexTxid('usdt-two-spellings');

    expect(await decide('deposits', 'usdt-eth', 'success', `0x${hash}`)).toMatchObject({ ok: true });
    expect(await data('deposits/usdt-eth')).toMatchObject({ status: 'success', txid: `0x${hash}` });
    expect(await data('users/uma')).toMatchObject({ Totaldeposit: 1500 });
    // One guard, on the hash, recording the coin and the id as typed.
    expect(await guardsOf(hash)).toEqual([
      expect.objectContaining({
        id: hash,
        coin: 'USDT',
        txid: `0x${hash}`,
        kind: 'deposit',
        recordId: 'usdt-eth',
        recordPath: 'deposits/usdt-eth',
        email: UMA.email,
        amount: '$500.00'
      })
    ]);

    const refusal = 'This transaction already credited deposit usdt-eth (uma@example.com, $500.00).';
    const after = await refusedAsUsed('deposits', 'usdt-bare', hash, 'users/uma', refusal);
    expect(after.customer).toMatchObject({ Totaldeposit: 1500 });
  });

  it('credits a Tron transaction once: a USDT deposit with the hash of a credited TRON deposit is refused, nothing written', async () => {
    await umaDeposit('tron-first', 'TRON', 40);
    await umaDeposit('usdt-on-tron', 'USDT', 40);
    const hash = hexTxid('tron-then-usdt');
    const figures = (await data('users/uma'))?.Totaldeposit as number;

    expect(await decide('deposits', 'tron-first', 'success', hash)).toMatchObject({ ok: true });
    const refusal = 'This transaction already credited deposit tron-first (uma@example.com, $40.00).';
    const after = await refusedAsUsed('deposits', 'usdt-on-tron', hash, 'users/uma', refusal);
    expect(after.customer).toMatchObject({ Totaldeposit: figures + 40 });
    expect(await guardsOf(hash)).toEqual([expect.objectContaining({ id: hash, coin: 'TRON', txid: hash })]);
  });

  it('credits an Ethereum transaction once: a USDT deposit with the 0x hash of a credited ETHEREUM deposit is refused, nothing written', async () => {
    await umaDeposit('eth-first', 'ETHEREUM', 75);
    await umaDeposit('usdt-on-eth', 'USDT', 75);
    const txid = ethTxid('ethereum-then-usdt');
    const figures = (await data('users/uma'))?.Totaldeposit as number;

    expect(await decide('deposits', 'eth-first', 'success', txid)).toMatchObject({ ok: true });
    const refusal = 'This transaction already credited deposit eth-first (uma@example.com, $75.00).';
    const after = await refusedAsUsed('deposits', 'usdt-on-eth', txid, 'users/uma', refusal);
    expect(after.customer).toMatchObject({ Totaldeposit: figures + 75 });
    expect(await guardsOf(hexTxid('ethereum-then-usdt'))).toEqual([expect.objectContaining({ id: hexTxid('ethereum-then-usdt'), coin: 'ETHEREUM' })]);
  });

  it('a guard written before guards were keyed on the hash (USDT_0x…) still refuses the transaction in another spelling or coin, nothing written', async () => {
    const hash = hexTxid('legacy-guard');
    // As an earlier Ledgerdesk wrote it, for a deposit credited with the 0x spelling.
    await platform.db.doc(`txidGuards/USDT_0x${hash}`).set({
      coin: 'USDT',
      txid: `0x${hash}`,
      kind: 'deposit',
      recordId: 'dep-legacy',
      recordPath: 'deposits/dep-legacy',
      email: UMA.email,
      amount: '$500.00'
    });
    await umaDeposit('usdt-after-legacy', 'USDT', 500);
    await withdrawal('wd-after-legacy', 20);
    const refusal = 'This transaction already credited deposit dep-legacy (uma@example.com, $500.00).';

    const umaAfter = await refusedAsUsed('deposits', 'usdt-after-legacy', hash, 'users/uma', refusal);
    expect(await refusedAsUsed('deposits', 'usdt-after-legacy', `0x${hash.toUpperCase()}`, 'users/uma', refusal)).toEqual(umaAfter);
    await refusedAsUsed('withdrawals', 'wd-after-legacy', `0x${hash}`, 'users/wes', refusal);
    expect((await guardsOf(hash)).map((g) => g.id)).toEqual([`USDT_0x${hash}`]);
  });

  it('finds a record from its transaction in either spelling', async () => {
    await umaDeposit('usdt-found', 'USDT', 61);
    await umaDeposit('tron-found', 'TRON', 62);
    const onEthereum = hexTxid('found-on-ethereum');
    const onTron = hexTxid('found-on-tron');
    expect(await decide('deposits', 'usdt-found', 'success', `0x${onEthereum}`)).toMatchObject({ ok: true });
    expect(await decide('deposits', 'tron-found', 'success', onTron)).toMatchObject({ ok: true });

    const usdt = [expect.objectContaining({ kind: 'deposit', id: 'usdt-found', label: 'Deposit of $61.00 by uma@example.com', userId: 'uma' })];
    for (const query of [onEthereum, `0x${onEthereum}`, ` 0X${onEthereum.toUpperCase()} `]) expect((await find(query)).matches, query).toEqual(usdt);
    const tron = [expect.objectContaining({ kind: 'deposit', id: 'tron-found', label: 'Deposit of $62.00 by uma@example.com', userId: 'uma' })];
    for (const query of [onTron, `0x${onTron}`]) expect((await find(query)).matches, query).toEqual(tron);
  });

  it('pays one withdrawal per txid: a second approval with it is refused in the preview and on the click, with nothing written', async () => {
    await withdrawal('wd-first', 250);
    await withdrawal('wd-second', 75);
    const txid = ethTxid('withdrawal-reused');

    expect(await decide('withdrawals', 'wd-first', 'approved', txid)).toMatchObject({ ok: true });
    expect(await data('withdrawals/wd-first')).toMatchObject({ status: 'approved', txid });
    expect(await data('users/wes')).toMatchObject({ Totalwithdrawal: 1250 });

    const refusal = 'This transaction already paid withdrawal wd-first (wes@example.com, $250.00).';
    expect(await preview('withdrawals', 'wd-second', 'approved', txid)).toMatchObject({ allowed: false, refusal: { code: 'CONFLICT', message: refusal } });

    const before = await state('withdrawals/wd-second', 'users/wes');
    expect(await decide('withdrawals', 'wd-second', 'approved', txid)).toEqual({ ok: false, error: { code: 'CONFLICT', message: refusal } });
    const after = await state('withdrawals/wd-second', 'users/wes');
    expect(after).toEqual(before);
    expect(after.record).toMatchObject({ status: 'pending' });
    expect(after.customer).toMatchObject({ Totalwithdrawal: 1250 });
  });

  it('e-mails the customer the txid of an approved withdrawal and its explorer link', async () => {
    await withdrawal('wd-mailed', 60);
    const txid = ethTxid('withdrawal-mailed');
    expect(await decide('withdrawals', 'wd-mailed', 'approved', txid)).toMatchObject({ ok: true, value: { emailsQueued: 1 } });

    const queued = (await platform.db.collection('mailOutbox').where('about', '==', 'withdrawals/wd-mailed').get()).docs.map((d) => d.data());
    expect(queued).toHaveLength(1);
    const [mail] = queued;
    const link = `https://etherscan.io/tx/${txid}`;
    expect(mail).toMatchObject({ to: WES.email, subject: 'Withdrawal Successfully Processed' });
    expect(mail?.text).toMatch(new RegExp(`^Transaction id: +${txid}$`, 'm'));
    expect(mail?.text).toMatch(new RegExp(`^View it on the blockchain: +${link.replaceAll('.', '\\.')}$`, 'm'));
    expect(mail?.html).toContain(`<a href="${link}"`);
  });

  it('with requireTxid on, refuses a credit or payout without a txid and writes nothing; with it off, the preview warns', async () => {
    await deposit('dep-required', 55);
    await withdrawal('wd-required', 45);
    const required = 'A transaction id is required: this platform asks for the chain transaction of every credit and payout.';
    const warning = 'No transaction id: this decision cannot be matched to the chain later.';

    await platform.db.doc('settings/ledgerdesk').set({ requireTxid: true });
    try {
      for (const [kind, id, status, customer] of [
        ['deposits', 'dep-required', 'success', 'users/dana'],
        ['withdrawals', 'wd-required', 'approved', 'users/wes']
      ] as const) {
        expect(await preview(kind, id, status), id).toMatchObject({ allowed: false, refusal: { code: 'VALIDATION', message: required } });
        const before = await state(`${kind}/${id}`, customer);
        expect(await decide(kind, id, status), id).toEqual({ ok: false, error: { code: 'VALIDATION', message: required } });
        expect(await decide(kind, id, status, '   '), `${id}, blank`).toEqual({ ok: false, error: { code: 'VALIDATION', message: required } });
        expect(await state(`${kind}/${id}`, customer), id).toEqual(before);
        expect(before.record, id).toMatchObject({ status: 'pending' });
      }
      // Required, not forbidden: with its txid the same deposit goes through.
      expect(await decide('deposits', 'dep-required', 'success', hexTxid('required'))).toMatchObject({ ok: true });
    } finally {
      await platform.db.doc('settings/ledgerdesk').set({ requireTxid: false });
    }

    const warned = await preview('withdrawals', 'wd-required', 'approved');
    expect(warned).toMatchObject({ allowed: true, refusal: null });
    expect(warned.notes).toContain(warning);
    expect(await decide('withdrawals', 'wd-required', 'approved')).toMatchObject({ ok: true, value: { notes: expect.arrayContaining([warning]) } });
    const entry = (await platform.db.collection('auditLog').where('entityPath', '==', 'withdrawals/wd-required').get()).docs.map((d) => d.data());
    expect(entry).toEqual([expect.objectContaining({ notes: expect.arrayContaining([warning]) })]);
    expect(await data('withdrawals/wd-required')).not.toHaveProperty('txid');
  });

  it('opens the deposit or the withdrawal a pasted txid justified', async () => {
    await deposit('dep-found', 91.5);
    await withdrawal('wd-found', 12.25);
    const depositTxid = hexTxid('found on Bitcoin');
    const withdrawalTxid = ethTxid('found on Ethereum');
    expect(await decide('deposits', 'dep-found', 'success', depositTxid)).toMatchObject({ ok: true });
    expect(await decide('withdrawals', 'wd-found', 'approved', withdrawalTxid)).toMatchObject({ ok: true });

    expect((await find(` ${depositTxid.toUpperCase()}\n`)).matches).toEqual([
      expect.objectContaining({ kind: 'deposit', id: 'dep-found', label: 'Deposit of $91.50 by dana@example.com', userId: 'dana' })
    ]);
    expect((await find(withdrawalTxid)).matches).toEqual([
      expect.objectContaining({ kind: 'withdrawal', id: 'wd-found', label: 'Withdrawal of $12.25 by wes@example.com', userId: 'wes' })
    ]);
    // A well-formed id no record carries finds nothing.
    expect((await find(hexTxid('never used'))).matches).toEqual([]);
  });

  it('finds a deleted customer, kept on record by the backend host, by e-mail and by id', async () => {
    // Started once: a retry of this test finds it listening already.
    host ??= await startBackendHost({ projectId: emulatorHosts().projectId, smtpUrl: 'smtp://127.0.0.1:9', port, log: () => undefined });
    await platform.db.doc('users/gone').set({ fullname: 'Gloria Gone', email: 'Gloria.Gone@example.com', balance: 0, timestamp: at('2026-01-01T00:00:00Z') });
    const deleted = await call()('users.delete', { operationId: randomUUID(), id: 'gone', reason: 'Account closed at the customer’s request' });
    expect(deleted).toEqual({ ok: true, value: { message: 'User has been deleted.' } });
    expect((await platform.db.doc('users/gone').get()).exists).toBe(false);

    const archived = expect.objectContaining({ kind: 'archivedUser', id: 'gone', label: 'Gloria Gone (deleted)', userId: null });
    expect((await find('gloria.gone@EXAMPLE.com')).matches).toEqual([archived]);
    expect((await find('gone')).matches).toEqual([archived]);
  });
});
