import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Firestore } from 'firebase-admin/firestore';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBackendHost, type RunningBackendHost } from '../../server/host';
import { readMailSink, startMailSink, type MailSink } from '../../tools/devenv/mail-sink';
import type { WithdrawalRisk } from '../../src/shared/contract';
import { depositFailureReasons, withdrawalRejectionReasons } from '../../src/shared/domain/risk';
import { at, NO_BACKEND, typed, usePlatform } from '../support/integration/moneyFixtures';
import { emulatorHosts, eventually, freePort } from '../support/integration/emulatorHosts';

/**
 * Risk facts at the point of decision and the reasons recorded with it, on the emulators:
 * withdrawals.risk warns exactly when each condition holds, counts the address's other uses and
 * reads at most 25 documents; deposits.risk names the customer and the referrer; a decision stores
 * its reason (and a withdrawal's, its warnings) on the audit entry, and a rejection's reason reaches
 * the customer's e-mail.
 */

const HOUR = 60 * 60 * 1000;
const DEPOSITED = Date.parse('2026-02-01T00:00:00Z');
const when = (ms: number) => at(new Date(ms).toISOString());
/** A valid (all lower-case, so checksum-free) Ethereum address per customer. */
const addressOf = (n: number) => `0x${n.toString(16).padStart(2, '0').repeat(20)}`;

interface CustomerCase {
  user?: Record<string, unknown>;
  withdrawal?: Record<string, unknown>;
  /** Hours between the first successful deposit and this withdrawal. */
  hoursAfterDeposit?: number;
  /** An earlier withdrawal of the same customer (to another address). */
  earlierWithdrawal?: boolean;
  /** Another customer withdrew to the same address. */
  shared?: boolean;
}

/** One customer with one pending withdrawal `w-<id>`; calm unless the case says otherwise. */
async function writeCase(db: Firestore, id: string, n: number, c: CustomerCase = {}): Promise<void> {
  const batch = db.batch();
  const address = addressOf(n);
  batch.set(db.doc(`users/${id}`), {
    fullname: `Customer ${id}`,
    email: `${id}@example.com`,
    balance: 300,
    Totaldeposit: 500,
    Totalwithdrawal: 100,
    withdrawalLimit: 1000,
    withdrawalFeePercentage: 2.5,
    verified: true,
    kyc: { status: 'approved' },
    timestamp: at('2026-01-01T00:00:00Z'),
    ...c.user
  });
  const deposit = (key: string, status: string, ms: number) =>
    batch.set(db.doc(`deposits/${id}-${key}`), { userId: id, userEmail: `${id}@example.com`, amount: 500, status, timestamp: when(ms) });
  deposit('failed', 'failed', DEPOSITED - 24 * HOUR);
  deposit('first', 'success', DEPOSITED);
  deposit('later', 'success', DEPOSITED + HOUR);
  const asked = DEPOSITED + (c.hoursAfterDeposit ?? 48) * HOUR;
  const withdrawal = (wid: string, data: Record<string, unknown>) =>
    batch.set(db.doc(`withdrawals/${wid}`), {
      userId: id,
      email: `${id}@example.com`,
      username: `Customer ${id}`,
      amount: 123.45,
      cryptoType: 'ETHEREUM',
      walletAddress: address,
      status: 'pending',
      createdAt: when(asked),
      ...data
    });
  if (c.earlierWithdrawal !== false) withdrawal(`w-${id}-earlier`, { walletAddress: addressOf(200 + n), status: 'approved', createdAt: when(asked - HOUR) });
  if (c.shared) withdrawal(`w-${id}-someone-else`, { userId: `${id}-other`, status: 'approved', createdAt: when(asked - 2 * HOUR) });
  withdrawal(`w-${id}`, c.withdrawal ?? {});
  await batch.commit();
}

const CASES: Record<string, { case: CustomerCase; warnings: string[] }> = {
  calm: { case: {}, warnings: [] },
  unverified: { case: { user: { verified: false } }, warnings: ['notVerified'] },
  kycPending: { case: { user: { kyc: { status: 'pending' } } }, warnings: ['kycNotApproved'] },
  noKyc: { case: { user: { kyc: null } }, warnings: ['kycNotApproved'] },
  overLimit: { case: { withdrawal: { amount: 1000.01 } }, warnings: ['overLimit'] },
  atLimit: { case: { withdrawal: { amount: 1000 } }, warnings: [] },
  badAddress: { case: { withdrawal: { cryptoType: 'BITCOIN' } }, warnings: ['addressInvalid'] },
  shared: { case: { shared: true }, warnings: ['addressShared'] },
  quickFirst: { case: { earlierWithdrawal: false, hoursAfterDeposit: 23 }, warnings: ['soonAfterFirstDeposit'] },
  quickSecond: { case: { hoursAfterDeposit: 23 }, warnings: [] },
  slowFirst: { case: { earlierWithdrawal: false, hoursAfterDeposit: 25 }, warnings: [] }
};

/**
 * 25 for the address's capped counts and the customer's history, plus the fixed reads: the risk rules, the latest note, and the
 * caps' read of the customer's withdrawals of the last 30 days (none in these cases, which are dated February 2026: one read).
 */
const READ_BUDGET = 31;

async function riskOf(call: ReturnType<typeof typed>, id: string): Promise<WithdrawalRisk> {
  const risk = await call('withdrawals.risk', { id });
  if (!risk.ok) throw new Error(risk.error.message);
  return risk.value;
}

describe('risk facts and reasons', () => {
  const platform = usePlatform({ env: NO_BACKEND });

  it('each warning appears exactly when its condition holds', async () => {
    const names = Object.keys(CASES);
    for (const [i, name] of names.entries()) await writeCase(platform.db, name, i + 1, CASES[name]!.case);
    const call = typed(platform.app);
    for (const name of names) {
      const risk = await riskOf(call, `w-${name}`);
      expect(
        risk.warnings.map((w) => w.code),
        name
      ).toEqual(CASES[name]!.warnings);
      expect(risk.documentsRead, name).toBeLessThanOrEqual(READ_BUDGET);
    }
  });

  it('answers the facts the withdrawal dialog shows', async () => {
    await writeCase(platform.db, 'calm', 1);
    const risk = await riskOf(typed(platform.app), 'w-calm');
    expect(risk).toEqual({
      amount: 123.45,
      amountRaw: null,
      coin: 'ETHEREUM',
      address: addressOf(1),
      addressCheck: { valid: true, problem: null },
      customer: {
        id: 'calm',
        name: 'Customer calm',
        email: 'calm@example.com',
        balance: 300,
        verified: true,
        kycStatus: 'approved',
        withdrawalLimit: 1000,
        withdrawalFeePercentage: 2.5,
        fee: 3.09,
        joined: '2026-01-01T00:00:00.000Z',
        lifetimeDeposits: 500,
        lifetimeWithdrawals: 100,
        firstSuccessfulDepositAt: '2026-02-01T00:00:00.000Z',
        suspension: null
      },
      txid: null,
      blockedAddress: null,
      // The customer's pending and approved withdrawals of the last 24 hours and 30 days, this one included, against the caps (default: the limit and 4x it);
      // this one is dated February 2026, before both windows, so none was read in them and it is added on its own.
      windows: {
        h24: { cap: 1000, total: 123.45, read: 0, complete: true, unreadable: { count: 0, amounts: [] } },
        d30: { cap: 4000, total: 123.45, read: 0, complete: true, unreadable: { count: 0, amounts: [] } }
      },
      latestNote: null,
      sameAddressEarlier: 0,
      otherCustomersAtAddress: 0,
      addressCountsCapped: false,
      warnings: [],
      // The withdrawal, its customer, the address's withdrawals (only this one), the first successful deposit, the first withdrawal;
      // then the risk rules, the caps' read of the last 30 days (empty: billed as one) and the latest note.
      documentsRead: 8
    });
    expect(await typed(platform.app)('withdrawals.risk', { id: 'nope' })).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'Withdrawal not found.' }
    });
  });

  it('counts earlier withdrawals to the same address and the other customers who used it', async () => {
    await writeCase(platform.db, 'c', 1);
    const batch = platform.db.batch();
    const to = (id: string, userId: string, hoursAfter: number) =>
      batch.set(platform.db.doc(`withdrawals/${id}`), {
        userId,
        walletAddress: addressOf(1),
        amount: 1,
        status: 'approved',
        createdAt: when(DEPOSITED + hoursAfter * HOUR)
      });
    to('mine-1', 'c', 1);
    to('mine-2', 'c', 2);
    to('mine-3', 'c', 3);
    to('mine-later', 'c', 100); // after this one: not earlier
    to('theirs-1', 'x', 4);
    to('theirs-2', 'x', 5);
    to('theirs-3', 'y', 6);
    await batch.commit();
    const risk = await riskOf(typed(platform.app), 'w-c');
    expect(risk).toMatchObject({ sameAddressEarlier: 3, otherCustomersAtAddress: 2, addressCountsCapped: false });
    expect(risk.warnings).toEqual([{ code: 'addressShared', message: '2 other customers have withdrawn to this address.' }]);
  });

  it('reads at most 31 documents however many withdrawals went to the address (the counts are capped)', async () => {
    await writeCase(platform.db, 'busy', 1);
    const batch = platform.db.batch();
    for (let i = 0; i < 120; i++) {
      batch.set(platform.db.doc(`withdrawals/crowd-${i}`), {
        userId: `crowd-${i % 40}`,
        walletAddress: addressOf(1),
        amount: 1,
        status: 'approved',
        createdAt: when(DEPOSITED + (i - 60) * HOUR)
      });
    }
    await batch.commit();
    const risk = await riskOf(typed(platform.app), 'w-busy');
    expect(risk.documentsRead).toBeLessThanOrEqual(READ_BUDGET);
    expect(risk.addressCountsCapped).toBe(true);
    expect(risk.otherCustomersAtAddress).toBeGreaterThan(0);
    expect(risk.warnings.find((w) => w.code === 'addressShared')?.message).toMatch(/^At least \d+ other customers have withdrawn to this address\.$/);
  });

  it('answers the deposit dialog facts: the customer, earlier deposits and who gets a referral bonus', async () => {
    const { db } = platform;
    const batch = db.batch();
    batch.set(db.doc('users/dana'), { fullname: 'Dana', email: 'dana@example.com', verified: false, kyc: { status: 'pending' }, referreduserid: 'REFRITA' });
    batch.set(db.doc('users/rita'), { fullname: 'Rita Referrer', email: 'rita@example.com', myReferralId: 'REFRITA' });
    batch.set(db.doc('users/amb'), { fullname: 'Ambiguous', referreduserid: 'TWICE' });
    batch.set(db.doc('users/t1'), { myReferralId: 'TWICE' });
    batch.set(db.doc('users/t2'), { myReferralId: 'TWICE' });
    for (let i = 0; i < 4; i++)
      batch.set(db.doc(`deposits/dana-${i}`), { userId: 'dana', amount: 10, status: 'pending', timestamp: at(`2026-01-0${i + 1}T00:00:00Z`) });
    batch.set(db.doc('deposits/dana-undated'), { userId: 'dana', amount: 10, status: 'pending' });
    batch.set(db.doc('deposits/amb-0'), { userId: 'amb', amount: 10, status: 'pending', timestamp: at('2026-01-01T00:00:00Z') });
    batch.set(db.doc('deposits/orphan'), { userId: 'nobody', amount: 10, status: 'pending', timestamp: at('2026-01-01T00:00:00Z') });
    await batch.commit();
    const call = typed(platform.app);
    const third = await call('deposits.risk', { id: 'dana-2' });
    expect(third).toEqual({
      ok: true,
      value: {
        customer: { id: 'dana', name: 'Dana', email: 'dana@example.com', verified: false, kycStatus: 'pending', suspension: null },
        earlierDeposits: 2,
        referralBonusTo: { id: 'rita', name: 'Rita Referrer', code: 'REFRITA' },
        coin: null,
        txid: null,
        latestNote: null,
        documentsRead: expect.any(Number)
      }
    });
    expect(third.ok && third.value.documentsRead).toBeLessThanOrEqual(10);
    // Without a timestamp: all of theirs that have one.
    expect(await call('deposits.risk', { id: 'dana-undated' })).toMatchObject({ ok: true, value: { earlierDeposits: 4 } });
    expect(await call('deposits.risk', { id: 'amb-0' })).toMatchObject({
      ok: true,
      value: { earlierDeposits: 0, referralBonusTo: { id: null, name: null, code: 'TWICE' } }
    });
    expect(await call('deposits.risk', { id: 'orphan' })).toMatchObject({ ok: true, value: { customer: null, referralBonusTo: null } });
  });

  it('stores the reason of each decision on its audit entry, and the warnings a withdrawal was approved with', async () => {
    await writeCase(platform.db, 'risky', 1, { user: { verified: false }, withdrawal: { amount: 1500 } });
    await writeCase(platform.db, 'calm', 2);
    await platform.db.doc('deposits/dep').set({ userId: 'calm', amount: 10, status: 'pending', timestamp: at('2026-03-01T00:00:00Z') });
    await platform.db.doc('investments/inv').set({ userId: 'calm', amount: 10, status: 'pending', createdAt: at('2026-03-01T00:00:00Z') });
    const call = typed(platform.app);
    const shown = (await riskOf(call, 'w-risky')).warnings.map((w) => w.message);
    expect(shown).toHaveLength(2);

    const approved = await call('withdrawals.setStatus', {
      operationId: randomUUID(),
      id: 'w-risky',
      status: 'approved',
      reason: '  Called the customer; all fine.  '
    });
    expect(approved.ok).toBe(true);
    // The outcome's notes are the rule's, as the preview announced them; the warnings go to the audit entry.
    expect(approved.ok && approved.value.notes).toEqual(['No transaction id: this decision cannot be matched to the chain later.']);
    expect((await call('withdrawals.setStatus', { operationId: randomUUID(), id: 'w-calm', status: 'approved', reason: '   ' })).ok).toBe(true);
    expect((await call('deposits.setStatus', { operationId: randomUUID(), id: 'dep', status: 'failed', reason: depositFailureReasons[0] })).ok).toBe(true);
    expect((await call('investments.setStatus', { operationId: randomUUID(), id: 'inv', status: 'active', reason: 'Checked by phone' })).ok).toBe(true);

    const audit = await call('audit.list', {});
    if (!audit.ok) throw new Error(audit.error.message);
    const entry = (path: string) => audit.value.rows.find((r) => r.entityPath === path);
    expect(entry('withdrawals/w-risky')).toMatchObject({ reason: 'Called the customer; all fine.', warnings: shown });
    expect(entry('withdrawals/w-risky')?.notes).toEqual(expect.arrayContaining(shown.map((w) => `Warning shown: ${w}`)));
    expect(entry('withdrawals/w-calm')).toMatchObject({ reason: null, warnings: [] });
    expect(entry('deposits/dep')).toMatchObject({ reason: 'the payment was not received', warnings: [] });
    expect(entry('investments/inv')).toMatchObject({ reason: 'Checked by phone' });
    const stored = await platform.db.collection('auditLog').where('entityPath', '==', 'withdrawals/w-risky').get();
    expect(stored.docs[0]?.get('warnings')).toEqual(shown);

    const tooLong = await call('deposits.setStatus', { operationId: randomUUID(), id: 'dep', status: 'success', reason: 'x'.repeat(501) });
    expect(tooLong).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
  });
});

/** The message as a reader sees it: quoted-printable soft breaks and escapes undone. */
const readable = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe("a withdrawal rejection's reason in the customer's e-mail", () => {
  let sink: MailSink;
  let port: number;
  let host: RunningBackendHost | null = null;
  beforeEach(async () => {
    sink = await startMailSink({ dir: mkdtempSync(join(tmpdir(), 'ledgerdesk-risk-mail-')) });
    port = await freePort();
  });
  afterEach(async () => {
    await host?.close();
    host = null;
    await sink?.close();
  });
  const platform = usePlatform({
    env: () => ({ LEDGERDESK_BACKEND_URL: `http://127.0.0.1:${port}` }),
    options: { mail: { pollMs: 100, backoffMs: () => 200 } }
  });

  it('says the reason picked, and the spec sentence when the default is picked', async () => {
    host = await startBackendHost({ projectId: emulatorHosts().projectId, smtpUrl: sink.smtpUrl, port, log: () => undefined });
    await writeCase(platform.db, 'ann', 1);
    await writeCase(platform.db, 'bob', 2);
    const call = typed(platform.app);
    const reason = withdrawalRejectionReasons[1];
    expect((await call('withdrawals.setStatus', { operationId: randomUUID(), id: 'w-ann', status: 'rejected', reason })).ok).toBe(true);
    expect(
      (await call('withdrawals.setStatus', { operationId: randomUUID(), id: 'w-bob', status: 'rejected', reason: withdrawalRejectionReasons[0] })).ok
    ).toBe(true);

    const mails = await eventually(
      () => readMailSink(sink.dir),
      (m) => m.length >= 2,
      'two e-mails in the sink'
    );
    const to = (email: string) => readable(mails.find((m) => m.to.includes(email))?.raw ?? '');
    expect(to('ann@example.com')).toContain('Your withdrawal request was rejected. Reason: The destination address is not valid for this coin.');
    expect(to('ann@example.com')).not.toContain('required conditions');
    expect(to('bob@example.com')).toContain('Your withdrawal request was rejected because it did not meet the required conditions.');

    const audit = await call('audit.list', { kind: 'withdrawal' });
    expect(audit.ok && audit.value.rows.map((r) => [r.entityPath, r.reason]).sort()).toEqual([
      ['withdrawals/w-ann', reason],
      ['withdrawals/w-bob', 'did not meet the required conditions']
    ]);
  });
});
