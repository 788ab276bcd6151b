import { randomUUID } from 'node:crypto';
import functionsTest from 'firebase-functions-test';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJournalListener, timeOf } from '../../../server/platform/journalListener';
import { verifyChain } from '../../../src/shared/domain/chain';
import { auditIdOf } from '../../../src/shared/domain/journal';
import { exported } from '../../../tools/records/export';
import { DEMO_ADMIN, DEMO_CUSTOMER } from '../../../tools/devenv/demo-accounts';
import { typed, usePlatform } from '../../support/integration/moneyFixtures';
import { emulatorHosts, eventually } from '../../support/integration/emulatorHosts';

// The journal trigger (functions/src/journal.ts), run by firebase-functions-test in online mode against
// this run's Firestore emulator: each write is made for real (through Ledgerdesk, firebase-admin or as
// the customer), then its event, as Firestore would send it with who wrote it, is handed to the function.
let fft: ReturnType<typeof functionsTest>;
let functions: typeof import('../../../functions/src/index');

const SERVICE_ACCOUNT = 'firebase-adminsdk-x1@acme-invest.iam.gserviceaccount.com';
const ADMINISTRATOR = { authType: 'app_user', authId: DEMO_ADMIN.uid };

/** An audit entry as Ledgerdesk writes one (auditLog/{id}: the paths it covers, its signer), put there with firebase-admin. */
const auditEntry = (db: Firestore, id: string, paths: string[], adminUid: string = DEMO_ADMIN.uid) =>
  db.doc(`auditLog/${id}`).set({ action: 'users.adjust', paths, adminUid, at: FieldValue.serverTimestamp() });

describe('the journal of every change to a customer’s money', () => {
  const platform = usePlatform({ fixtures: true });

  beforeAll(async () => {
    fft = functionsTest({ projectId: emulatorHosts().projectId });
    functions = await import('../../../functions/src/index');
  });
  afterAll(() => fft?.cleanup());

  const journal = async (userId: string) => (await platform.db.collection(`users/${userId}/journal`).orderBy('at').get()).docs;

  /** A snapshot as the event carries it ({} makes one of a document that does not exist). */
  const asEvent = (snapshot: DocumentSnapshot) => fft.firestore.makeDocumentSnapshot(snapshot.exists ? snapshot.data()! : {}, snapshot.ref.path);

  /**
   * Makes a write for real, then delivers its event to the function with who wrote it; the event
   * id and time are Firestore's (the time is the write's update time). Returns the event, so a
   * test can deliver it again.
   */
  async function write(userId: string, by: { authType: string; authId?: string }, change: () => Promise<unknown>) {
    const ref = platform.db.doc(`users/${userId}`);
    const before = await ref.get();
    await change();
    const after = await ref.get();
    const event = {
      id: randomUUID(),
      time: timeOf(after.exists ? after.updateTime! : after.readTime),
      data: fft.makeChange(asEvent(before), asEvent(after)),
      params: { userId },
      ...by
    };
    await deliver(event);
    return event;
  }
  const deliver = (event: object) => fft.wrap(functions.journalMoneyChanges)(event as never);

  it('journals a Manage adjustment made in Ledgerdesk with its audit entry and the administrator, not as outside', async () => {
    const operationId = randomUUID();
    await write('dana', { authType: 'app_user', authId: DEMO_ADMIN.uid }, async () => {
      const adjusted = await typed(platform.app)('users.adjust', {
        operationId,
        id: 'dana',
        field: 'balance',
        operation: 'add',
        amount: 25.5,
        reason: 'Goodwill',
        allowNegative: false
      });
      expect(adjusted.ok).toBe(true);
    });
    const [entry, ...more] = await journal('dana');
    expect(more).toEqual([]);
    expect(entry!.data()).toMatchObject({
      userId: 'dana',
      kind: 'updated',
      changes: [{ field: 'balance', before: { cents: 5000, unreadable: null }, after: { cents: 7550, unreadable: null }, deltaCents: 2550 }],
      balanceMoved: true,
      balanceAfter: { cents: 7550, unreadable: null },
      writer: { kind: 'administrator', id: DEMO_ADMIN.uid, email: DEMO_ADMIN.email },
      auditId: operationId,
      outside: false
    });
    expect((await platform.db.doc(`auditLog/${operationId}`).get()).exists).toBe(true);
  });

  it('journals a balance changed with firebase-admin as outside Ledgerdesk, written by the service account', async () => {
    await write('dana', { authType: 'service_account', authId: SERVICE_ACCOUNT }, () =>
      platform.db.doc('users/dana').update({ balance: 20, Totaldeposit: '130.10' })
    );
    const [entry] = await journal('dana');
    expect(entry!.data()).toMatchObject({
      changes: [
        { field: 'balance', before: { cents: 5000 }, after: { cents: 2000 }, deltaCents: -3000 },
        { field: 'Totaldeposit', before: { cents: 10010 }, after: { cents: 13010 }, deltaCents: 3000 }
      ],
      writer: { kind: 'serviceAccount', id: SERVICE_ACCOUNT },
      auditId: null,
      outside: true
    });
  });

  it('names the customer as the writer of their own change', async () => {
    await write('wes', { authType: 'app_user', authId: 'wes' }, () => platform.db.doc('users/wes').update({ balance: 0.1 }));
    const [entry] = await journal('wes');
    expect(entry!.data()).toMatchObject({ writer: { kind: 'customer', id: 'wes' }, outside: true, changes: [{ field: 'balance', deltaCents: -4000 }] });
  });

  const adjust = (id: string, operationId: string) =>
    typed(platform.app)('users.adjust', { operationId, id, field: 'balance', operation: 'add', amount: 1, reason: 'Goodwill', allowNegative: false });

  it('journals a customer’s own change naming a real audit entry of another record as outside, and an administrator’s as well', async () => {
    const [forWes, forWesAgain] = [randomUUID(), randomUUID()];
    expect([(await adjust('wes', forWes)).ok, (await adjust('wes', forWesAgain)).ok]).toEqual([true, true]);
    await write('dana', { authType: 'app_user', authId: 'dana' }, () => platform.db.doc('users/dana').update({ balance: 5000, lastAuditId: forWes }));
    await write('dana', ADMINISTRATOR, () => platform.db.doc('users/dana').update({ balance: 6000, lastAuditId: forWesAgain }));
    expect((await journal('dana')).map((entry) => entry.data())).toMatchObject([
      { writer: { kind: 'customer', id: 'dana' }, changes: [{ field: 'balance', deltaCents: 495_000 }], auditId: null, outside: true },
      { writer: { kind: 'administrator', id: DEMO_ADMIN.uid }, changes: [{ field: 'balance', deltaCents: 100_000 }], auditId: null, outside: true }
    ]);
  });

  it('journals a balance raised with firebase-admin as outside, even when the same write makes an audit entry naming the customer', async () => {
    const forged = randomUUID();
    await write('dana', { authType: 'service_account', authId: SERVICE_ACCOUNT }, () =>
      platform.db
        .batch()
        .set(platform.db.doc(`auditLog/${forged}`), {
          action: 'users.adjust',
          paths: ['users/dana'],
          adminUid: DEMO_ADMIN.uid,
          at: FieldValue.serverTimestamp()
        })
        .update(platform.db.doc('users/dana'), { balance: 900, lastAuditId: forged })
        .commit()
    );
    const [entry] = await journal('dana');
    expect(entry!.data()).toMatchObject({
      writer: { kind: 'serviceAccount', id: SERVICE_ACCOUNT },
      changes: [{ deltaCents: 85_000 }],
      auditId: null,
      outside: true
    });
  });

  it('calls a signed-in user who is not the customer and has no administrator’s claim another user, never the administrator', async () => {
    const entryId = randomUUID();
    await write('dana', { authType: 'app_user', authId: DEMO_CUSTOMER.uid }, async () => {
      await auditEntry(platform.db, entryId, ['users/dana'], DEMO_CUSTOMER.uid);
      await platform.db.doc('users/dana').update({ balance: 75, lastAuditId: entryId });
    });
    const [entry] = await journal('dana');
    expect(entry!.data()).toMatchObject({ writer: { kind: 'otherUser', id: DEMO_CUSTOMER.uid }, auditId: null, outside: true });
  });

  it('writes one entry for an event delivered twice, and none for a write that changed no money field', async () => {
    const event = await write('rita', { authType: 'service_account', authId: SERVICE_ACCOUNT }, () => platform.db.doc('users/rita').update({ TotalBonus: 5 }));
    await deliver(event);
    await Promise.all([deliver(event), deliver(event)]);
    expect((await journal('rita')).map((entry) => entry.id)).toEqual([event.id]);
    await write('rita', { authType: 'app_user', authId: 'rita' }, () => platform.db.doc('users/rita').update({ fullname: 'Rita R.', balance: 10 }));
    expect(await journal('rita')).toHaveLength(1);
  });

  it('journals a customer created with money, and one deleted with it', async () => {
    await write('nora', { authType: 'app_user', authId: 'nora' }, () => platform.db.doc('users/nora').set({ fullname: 'Nora N', balance: 5 }));
    await write('nora', { authType: 'service_account', authId: SERVICE_ACCOUNT }, () => platform.db.doc('users/nora').delete());
    expect((await journal('nora')).map((entry) => [entry.get('kind'), entry.get('changes')[0].deltaCents])).toEqual([
      ['created', 500],
      ['deleted', -500]
    ]);
  });
});

describe('the journal on a computer with no functions deployed (the demo’s listener)', () => {
  const platform = usePlatform({ fixtures: true });
  // The listener asks the Auth emulator for the administrator's claim of the entry's signer.
  let accounts: App;
  beforeAll(() => void (accounts = initializeApp({ projectId: emulatorHosts().projectId }, `journal-listener-${process.pid}`)));
  afterAll(() => deleteApp(accounts));

  it('journals a Manage adjustment and balances changed with firebase-admin as they happen, telling them apart', async () => {
    const listener = startJournalListener(platform.db, getAuth(accounts), () => undefined);
    try {
      await listener.ready;
      const operationId = randomUUID();
      const adjust = { operationId, id: 'dana', field: 'TotalBonus', operation: 'add', amount: 5, reason: 'Promotion', allowNegative: false } as const;
      expect((await typed(platform.app)('users.adjust', adjust)).ok).toBe(true);
      await platform.db.doc('users/dana').update({ balance: 45 });
      // Naming the administrator's real entry of another customer's change does not make a change Ledgerdesk's.
      const forWes = randomUUID();
      expect((await typed(platform.app)('users.adjust', { ...adjust, operationId: forWes, id: 'wes' })).ok).toBe(true);
      await platform.db.doc('users/dana').update({ balance: 4500, lastAuditId: forWes });
      const entries = await eventually(
        async () => (await platform.db.collection('users/dana/journal').orderBy('at').get()).docs.map((d) => d.data()),
        (found) => found.length === 3,
        'three journal entries'
      );
      // The listener has no auth context: the administrator who signed the Manage change's audit entry made it.
      expect(entries).toMatchObject([
        {
          changes: [{ field: 'TotalBonus', deltaCents: 500 }],
          auditId: operationId,
          outside: false,
          writer: { kind: 'administrator', id: DEMO_ADMIN.uid, email: DEMO_ADMIN.email }
        },
        {
          changes: [{ field: 'balance', deltaCents: -500 }],
          auditId: null,
          outside: true,
          balanceAfter: { cents: 4500 },
          writer: { kind: 'unknown', id: null }
        },
        { changes: [{ field: 'balance', deltaCents: 445_500 }], auditId: null, outside: true, writer: { kind: 'unknown', id: null } }
      ]);
      expect(entries[1]!.writer).not.toHaveProperty('email');
      // The customer page's Journal tab reads who made each change, the administrator by their e-mail.
      const shown = await typed(platform.app)('users.journal', { id: 'dana' });
      expect(shown.ok && shown.value.rows.map((row) => [row.writer, row.outside])).toEqual([
        [{ kind: 'unknown', id: null }, true],
        [{ kind: 'unknown', id: null }, true],
        [{ kind: 'administrator', id: DEMO_ADMIN.uid, email: DEMO_ADMIN.email }, false]
      ]);
    } finally {
      await listener.stop();
    }
  });
});

describe('the journal as a chain (§16.1)', () => {
  const platform = usePlatform({ fixtures: true });

  beforeAll(async () => {
    fft = functionsTest({ projectId: emulatorHosts().projectId });
    functions = await import('../../../functions/src/index');
  });
  afterAll(() => fft?.cleanup());

  const event = (i: number, balance: number) => ({
    id: `chain-${i}`,
    // Microseconds, as Firestore's update times carry them.
    time: `2026-03-02T08:00:0${i}.250123Z`,
    data: fft.makeChange(
      fft.firestore.makeDocumentSnapshot({ balance: balance - 1 }, 'users/dana'),
      fft.firestore.makeDocumentSnapshot({ balance }, 'users/dana')
    ),
    params: { userId: 'dana' },
    authType: 'app_user',
    authId: 'dana'
  });

  it('numbers the entries of deliveries made all at once 1 to n with no gap or fork, each linked, ending at the customer’s head', async () => {
    const deliver = fft.wrap(functions.journalMoneyChanges);
    const events = Array.from({ length: 8 }, (_, i) => event(i, 100 + i));
    // Eight at once, and two of them delivered twice: eight entries, one chain.
    await Promise.all([...events, events[2]!, events[5]!].map((e) => deliver(e as never)));
    const entries = (await platform.db.collection('users/dana/journal').get()).docs.map((doc) => ({
      path: doc.ref.path,
      data: exported(doc.data()) as Record<string, unknown>
    }));
    expect(entries.map((entry) => entry.data.seq).sort((a, b) => (a as number) - (b as number))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const head = (await platform.db.doc('journalHeads/dana').get()).data()!;
    expect(head).toMatchObject({ userId: 'dana', seq: 8, toCheck: true, balanceCents: 10_700 });
    expect(verifyChain(entries, { head: { seq: head.seq, hash: head.hash } })).toEqual([]);
    // The time is hashed to the millisecond, as the export and every verifier read it back.
    const moved = entries.map((entry) => (entry.data.seq === 3 ? { ...entry, data: { ...entry.data, at: (entry.data.at as number) + 1 } } : entry));
    expect(verifyChain(moved, { head: { seq: head.seq, hash: head.hash } })).toEqual([
      expect.objectContaining({ path: entries.find((entry) => entry.data.seq === 3)!.path })
    ]);
  });
});

describe('the journal and the statement on the customer’s page', () => {
  const platform = usePlatform({ fixtures: true, per: 'file' });
  const call = () => typed(platform.app);

  beforeAll(async () => {
    fft ??= functionsTest({ projectId: emulatorHosts().projectId });
    functions ??= await import('../../../functions/src/index');
  });

  /**
   * Delivers the event of a write made at `time`: a Manage change (the administrator's, with its audit
   * entry listing the customer) when it names a new audit entry, else a change outside Ledgerdesk.
   */
  const changed = async (userId: string, time: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null) => {
    const auditId = auditIdOf(before, after);
    if (auditId) await auditEntry(platform.db, auditId, [`users/${userId}`]);
    return fft.wrap(functions.journalMoneyChanges)({
      id: randomUUID(),
      time,
      data: fft.makeChange(
        fft.firestore.makeDocumentSnapshot(before ?? {}, `users/${userId}`),
        fft.firestore.makeDocumentSnapshot(after ?? {}, `users/${userId}`)
      ),
      params: { userId },
      ...(auditId ? ADMINISTRATOR : { authType: 'service_account', authId: SERVICE_ACCOUNT })
    } as never);
  };

  it('pages the journal newest first, 25 at a time, and keeps only the changes outside Ledgerdesk when asked', async () => {
    // 30 changes a minute apart; every third made by Ledgerdesk (a new lastAuditId), the others outside it.
    for (let i = 0; i < 30; i++) {
      const time = new Date(Date.UTC(2026, 1, 1, 9, i)).toISOString();
      await changed('wes', time, { balance: i, lastAuditId: `op-${i}` }, { balance: i + 1, lastAuditId: i % 3 === 0 ? `op-${i + 1}` : `op-${i}` });
    }
    const first = await call()('users.journal', { id: 'wes' });
    if (!first.ok) throw new Error(first.error.message);
    expect(first.value.total).toBe(30);
    expect(first.value.rows).toHaveLength(25);
    expect(first.value.rows[0]).toMatchObject({
      at: '2026-02-01T09:29:00.000Z',
      changes: [{ field: 'balance', before: { amount: 29 }, after: { amount: 30 }, change: 1 }],
      balance: { amount: 30 },
      outside: true
    });
    const second = await call()('users.journal', { id: 'wes', cursor: first.value.nextCursor });
    expect(second.ok && second.value.rows.map((row) => row.balance.amount)).toEqual([5, 4, 3, 2, 1]);
    expect(second.ok && second.value.nextCursor).toBeNull();
    const outside = await call()('users.journal', { id: 'wes', outsideOnly: true });
    expect(outside.ok && [outside.value.total, outside.value.rows.length, outside.value.rows.every((row) => row.outside && row.auditId === null)]).toEqual([
      20,
      20,
      true
    ]);
    const inside = first.ok ? first.value.rows.find((row) => !row.outside) : null;
    expect(inside).toMatchObject({ at: '2026-02-01T09:27:00.000Z', auditId: 'op-28' });
  });

  it('gives a statement: the opening balance the last earlier entry left, each movement with its running balance, the closing balance', async () => {
    await changed('dana', '2026-01-10T08:00:00.000000Z', null, { balance: 100 });
    await changed('dana', '2026-02-20T08:00:00.000000Z', { balance: 100 }, { balance: '120.00' });
    await changed('dana', '2026-03-02T08:00:00.000000Z', { balance: '120.00', lastAuditId: 'op-1' }, { balance: 95.5, lastAuditId: 'op-2' });
    await changed('dana', '2026-03-10T08:00:00.000000Z', { balance: 95.5, TotalBonus: 0 }, { balance: 95.5, TotalBonus: 5 });
    await changed('dana', '2026-03-15T08:00:00.123456Z', { balance: 95.5 }, { balance: 100 });
    await changed('dana', '2026-04-02T08:00:00.000000Z', { balance: 100 }, { balance: 0 });
    const march = await call()('users.statement', { id: 'dana', from: '2026-03-01T00:00:00.000Z', to: '2026-03-31T23:59:59.999Z' });
    if (!march.ok) throw new Error(march.error.message);
    expect(march.value).toMatchObject({ journalSince: '2026-01-10T08:00:00.000Z', complete: true, opening: { amount: 120 }, closing: { amount: 100 } });
    // By hand: 120.00 - 24.50 = 95.50, then + 4.50 (outside Ledgerdesk) = 100.00; the bonus of 10 March moved no balance.
    expect(march.value.movements.map((m) => [m.at, m.change, m.running.amount, m.outside, m.auditId, m.gap])).toEqual([
      ['2026-03-02T08:00:00.000Z', -24.5, 95.5, false, 'op-2', false],
      ['2026-03-15T08:00:00.123Z', 4.5, 100, true, null, false]
    ]);
    const opening = march.value.opening!.amount!;
    expect(march.value.movements.reduce((balance, m) => balance + m.change!, opening)).toBe(march.value.closing!.amount);

    // A quiet period (a bonus, no balance movement) opens and closes with the balance the entry before it left.
    const quiet = await call()('users.statement', { id: 'dana', from: '2026-03-05T00:00:00.000Z', to: '2026-03-12T00:00:00.000Z' });
    expect(quiet).toMatchObject({ ok: true, value: { complete: true, opening: { amount: 95.5 }, movements: [], closing: { amount: 95.5 } } });

    // A period that begins before the journal: not covered before its first entry, and the statement says so.
    const january = await call()('users.statement', { id: 'dana', from: '2026-01-01T00:00:00.000Z', to: '2026-01-31T23:59:59.999Z' });
    expect(january).toMatchObject({
      ok: true,
      value: { complete: false, journalSince: '2026-01-10T08:00:00.000Z', opening: { amount: null }, closing: { amount: 100 } }
    });
    const refused = await call()('users.statement', { id: 'dana', from: '2026-03-31T00:00:00.000Z', to: '2026-03-01T00:00:00.000Z' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
  });

  it('puts a change in the last millisecond of a period (23:59:59.999500) in that period, whose closing is the next one’s opening', async () => {
    // The journal keeps the write's microseconds; the period's `to` names only its last millisecond.
    await changed('rita', '2026-02-10T08:00:00.000000Z', null, { balance: 10 });
    await changed('rita', '2026-03-31T23:59:59.999500Z', { balance: 10 }, { balance: 35.5 });
    const march = await call()('users.statement', { id: 'rita', from: '2026-03-01T00:00:00.000Z', to: '2026-03-31T23:59:59.999Z' });
    const april = await call()('users.statement', { id: 'rita', from: '2026-04-01T00:00:00.000Z', to: '2026-04-30T23:59:59.999Z' });
    if (!march.ok || !april.ok) throw new Error('The statements were refused.');
    expect(march.value.movements.map((m) => [m.at, m.change, m.running.amount])).toEqual([['2026-03-31T23:59:59.999Z', 25.5, 35.5]]);
    expect([march.value.opening?.amount, march.value.closing?.amount, april.value.opening?.amount]).toEqual([10, 35.5, 35.5]);
    // The widest period the calendar allows ends after the last time Firestore keeps: it is all of the journal.
    const everything = await call()('users.statement', { id: 'rita', from: '0000-01-01T00:00:00.000Z', to: '9999-12-31T23:59:59.999Z' });
    expect(everything.ok && everything.value.movements.map((m) => m.running.amount)).toEqual([10, 35.5]);
  });
});

describe('the dashboard’s changes outside Ledgerdesk in the last 24 hours', () => {
  const platform = usePlatform({ fixtures: true });

  beforeAll(async () => {
    fft ??= functionsTest({ projectId: emulatorHosts().projectId });
    functions ??= await import('../../../functions/src/index');
  });

  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
  /** A change by the customer, or with lastAuditId the administrator's in Ledgerdesk with its audit entry. */
  const change = async (userId: string, time: string, lastAuditId: { before: string; after: string } | null) => {
    if (lastAuditId) await auditEntry(platform.db, lastAuditId.after, [`users/${userId}`]);
    return fft.wrap(functions.journalMoneyChanges)({
      id: randomUUID(),
      time,
      data: fft.makeChange(
        fft.firestore.makeDocumentSnapshot({ balance: 1, ...(lastAuditId ? { lastAuditId: lastAuditId.before } : {}) }, `users/${userId}`),
        fft.firestore.makeDocumentSnapshot({ balance: 2, ...(lastAuditId ? { lastAuditId: lastAuditId.after } : {}) }, `users/${userId}`)
      ),
      params: { userId },
      ...(lastAuditId ? ADMINISTRATOR : { authType: 'app_user', authId: userId })
    } as never);
  };

  it('counts every customer’s changes made outside Ledgerdesk within the last 24 hours, and no other', async () => {
    await change('dana', hoursAgo(1), null);
    await change('wes', hoursAgo(0.1), null);
    await change('rita', hoursAgo(23), null);
    // Made by Ledgerdesk, and outside but too old: not counted.
    await change('dana', hoursAgo(2), { before: 'op-1', after: 'op-2' });
    await change('wes', hoursAgo(30), null);
    const figure = await typed(platform.app)('dashboard.figure', { figure: 'journal.outsideLastDay' });
    expect(figure).toMatchObject({ ok: true, value: { figure: 'journal.outsideLastDay', value: 3, leftOut: null } });
  });
});
