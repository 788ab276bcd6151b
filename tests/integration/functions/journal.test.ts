import { randomUUID } from 'node:crypto';
import functionsTest from 'firebase-functions-test';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJournalListener, timeOf } from '../../../server/platform/journalListener';
import { DEMO_ADMIN } from '../../../tools/devenv/demo-accounts';
import { typed, usePlatform } from '../moneyFixtures';
import { emulatorHosts, eventually } from '../support';

// The journal trigger (functions/src/journal.ts), run by firebase-functions-test in online mode against
// this run's Firestore emulator: each write is made for real (through Ledgerdesk, firebase-admin or as
// the customer), then its event, as Firestore would send it with who wrote it, is handed to the function.
let fft: ReturnType<typeof functionsTest>;
let functions: typeof import('../../../functions/src/index');

const SERVICE_ACCOUNT = 'firebase-adminsdk-x1@acme-invest.iam.gserviceaccount.com';

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
      writer: { kind: 'administrator', id: DEMO_ADMIN.uid },
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

  it('journals a Manage adjustment and a balance changed with firebase-admin as they happen, telling them apart', async () => {
    const listener = startJournalListener(platform.db, () => undefined);
    try {
      await listener.ready;
      const operationId = randomUUID();
      const adjust = { operationId, id: 'dana', field: 'TotalBonus', operation: 'add', amount: 5, reason: 'Promotion', allowNegative: false } as const;
      expect((await typed(platform.app)('users.adjust', adjust)).ok).toBe(true);
      await platform.db.doc('users/dana').update({ balance: 45 });
      const entries = await eventually(
        async () => (await platform.db.collection('users/dana/journal').orderBy('at').get()).docs.map((d) => d.data()),
        (found) => found.length === 2,
        'two journal entries'
      );
      expect(entries).toMatchObject([
        { changes: [{ field: 'TotalBonus', deltaCents: 500 }], auditId: operationId, outside: false, writer: { kind: 'unknown', id: null } },
        { changes: [{ field: 'balance', deltaCents: -500 }], auditId: null, outside: true, balanceAfter: { cents: 4500 } }
      ]);
    } finally {
      await listener.stop();
    }
  });
});
