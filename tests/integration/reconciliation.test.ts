import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { MainServices, StartOptions } from '../../src/main/compose';
import type { ReconciliationStore } from '../../src/main/app/ports/reconciliation';
import type { Output, ReconciliationRun } from '../../src/shared/contract';
import type { Result } from '../../src/shared/result';
import { at, NO_BACKEND, signedInApp, typed, usePlatform } from './moneyFixtures';
import { eventually } from './support';

/**
 * Reconciliation against the emulators: one customer's figures by aggregation (users.reconcile)
 * and the platform-wide run, paged small so every stream turns several pages, stopped by a
 * "crash" and resumed by another copy of Ledgerdesk as after a restart, or stopped with Stop
 * after its first page and resumed to the same result as a run left alone.
 */

const when = at('2026-02-01T00:00:00Z');
const customers: Record<string, Record<string, unknown>> = {
  // Consistent: two successful deposits (a pending one does not count), one approved withdrawal (a rejected one does not).
  'a-ann': { fullname: 'Ann', email: 'ann@example.com', Totaldeposit: 300, Totalwithdrawal: 50 },
  // Consistent once Manage adds $12.50 (the test does it through users.adjust).
  'b-bob': { fullname: 'Bob', email: 'bob@example.com', Totaldeposit: 100, Totalwithdrawal: 0 },
  // $50 more than its deposits.
  'c-cat': { fullname: 'Cat', email: 'cat@example.com', Totaldeposit: 500 },
  // A deposit whose amount is text: it cannot be summed, so the whole total shows as drift, with the record counted apart.
  'd-dan': { fullname: 'Dan', email: 'dan@example.com', Totaldeposit: 250 },
  // The platform's spelling holds the withdrawal; Ledgerdesk's own figure does not.
  'e-eve': { fullname: 'Eve', email: 'eve@example.com', Totalwithdrawal: 0, Totalwithdrawals: 30 },
  // A figure that is not a number cannot be checked.
  'f-fay': { fullname: 'Fay', email: 'fay@example.com', Totaldeposit: 'lots' },
  'g-gus': { fullname: 'Gus', email: 'gus@example.com' }
};
const deposits: [string, string, unknown, string][] = [
  ['a-ann', 'dep-a1', 100, 'success'],
  ['a-ann', 'dep-a2', 200, 'success'],
  ['a-ann', 'dep-a3', 50, 'pending'],
  ['b-bob', 'dep-b1', 100, 'success'],
  ['c-cat', 'dep-c1', 150, 'success'],
  ['c-cat', 'dep-c2', 300, 'success'],
  ['d-dan', 'dep-d1', '250.00', 'success'],
  ['zz-ghost', 'dep-z1', 10, 'success']
];
const withdrawals: [string, string, unknown, string][] = [
  ['a-ann', 'wd-a1', 50, 'approved'],
  ['a-ann', 'wd-a2', 20, 'rejected'],
  ['e-eve', 'wd-e1', 30, 'approved'],
  ['0-nobody', 'wd-01', 5, 'approved']
];
const EXPECTED_DRIFTED = ['c-cat', 'd-dan', 'e-eve', 'f-fay'];
/** Small pages: 7 customers in 4 pages, each stream several pages. */
const TUNING = { customers: 2, records: 3 };

describe('reconciliation against the emulators', () => {
  const platform = usePlatform({ per: 'file', env: NO_BACKEND, options: { reconciliation: TUNING } });

  const seed = async () => {
    const batch = platform.db.batch();
    for (const [id, data] of Object.entries(customers)) batch.set(platform.db.doc(`users/${id}`), { ...data, timestamp: when });
    for (const [userId, id, amount, status] of deposits)
      batch.set(platform.db.doc(`deposits/${id}`), { userId, amount, status, method: 'BITCOIN', timestamp: when });
    for (const [userId, id, amount, status] of withdrawals)
      batch.set(platform.db.doc(`withdrawals/${id}`), { userId, amount, status, cryptoType: 'BITCOIN', createdAt: when });
    await batch.commit();
    const adjusted = await typed(platform.app)('users.adjust', {
      operationId: randomUUID(),
      id: 'b-bob',
      field: 'Totaldeposit',
      operation: 'add',
      amount: 12.5,
      reason: 'Bonus deposit credited by hand',
      allowNegative: false
    });
    expect(adjusted.ok).toBe(true);
  };

  const finished = (app: MainServices, id: string) =>
    eventually(
      async () => {
        const run = await typed(app)('reconciliation.run', { id });
        if (!run.ok) throw new Error(run.error.message);
        return run.value;
      },
      (run: ReconciliationRun) => run.state !== 'running',
      `reconciliation run ${id} to end`
    );

  const driftedIds = async (app: MainServices, id: string): Promise<string[]> => {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Result<Output<'reconciliation.drifted'>> = await typed(app)('reconciliation.drifted', {
        id,
        pageSize: 3,
        ...(cursor ? { cursor } : {})
      });
      if (!page.ok) throw new Error(page.error.message);
      ids.push(...page.value.rows.map((row) => row.userId));
      cursor = page.value.nextCursor;
    } while (cursor);
    return ids;
  };

  it('users.reconcile answers each figure stored, from records and from adjustments, and the drift, in at most 10 aggregation queries', async () => {
    await seed();
    const call = typed(platform.app);
    const cat = await call('users.reconcile', { id: 'c-cat' });
    if (!cat.ok) throw new Error(cat.error.message);
    expect(cat.value.queries).toBeLessThanOrEqual(10);
    expect(cat.value.figures).toEqual([
      { figure: 'Totaldeposit', stored: 500, records: 450, recordCount: 2, unsummable: 0, adjustments: 0, adjustmentCount: 0, drift: 50, problem: null },
      { figure: 'Totalwithdrawal', stored: 0, records: 0, recordCount: 0, unsummable: 0, adjustments: 0, adjustmentCount: 0, drift: 0, problem: null }
    ]);
    expect(cat.value.balanceNote).toMatch(/Balance is not checked/);

    const bob = await call('users.reconcile', { id: 'b-bob' });
    expect(bob.ok && bob.value.figures[0]).toMatchObject({ stored: 112.5, records: 100, adjustments: 12.5, adjustmentCount: 1, drift: 0 });
    const dan = await call('users.reconcile', { id: 'd-dan' });
    expect(dan.ok && dan.value.figures[0]).toMatchObject({ stored: 250, records: 0, unsummable: 1, drift: 250 });
    const eve = await call('users.reconcile', { id: 'e-eve' });
    expect(eve.ok && eve.value.figures.map((f) => [f.figure, f.drift])).toEqual([
      ['Totaldeposit', 0],
      ['Totalwithdrawal', -30],
      ['Totalwithdrawals', 0]
    ]);
    expect(await call('users.reconcile', { id: 'nobody' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('one run merges customers and their records in customer-id order, reads no more than them, and keeps the drifted customers', async () => {
    const call = typed(platform.app);
    const started = await call('reconciliation.start', { operationId: randomUUID() });
    if (!started.ok) throw new Error(started.error.message);
    expect(started.value).toMatchObject({ state: 'running', total: 7, startedBy: 'admin@ledgerdesk.test' });
    const run = await finished(platform.app, started.value.id);
    expect(run.state).toBe('finished');
    expect(run.totals).toMatchObject({ customers: 7, drifted: 4, unreadable: 1, deposits: 6, withdrawals: 2, adjustments: 1, unsummable: 1, orphans: 2 });
    expect(run.totals.drift).toEqual({ Totaldeposit: 300, Totalwithdrawal: -30, Totalwithdrawals: 0 });
    // Customers, successful deposits, approved withdrawals and adjustment entries, and one empty page per stream at most.
    const bound = 7 + 7 + 3 + 1 + 4;
    expect(run.totals.reads).toBeLessThanOrEqual(bound);
    expect(await driftedIds(platform.app, run.id)).toEqual(EXPECTED_DRIFTED);
    const audit = (await platform.db.collection('auditLog').where('action', '==', 'reconciliation.start').get()).docs;
    expect(audit.map((d) => d.get('entityPath'))).toEqual([`reconciliationRuns/${run.id}`]);
    // A finished run is the dashboard's last run.
    expect(await call('dashboard.figure', { figure: 'reconciliation.drifted' })).toMatchObject({ ok: true, value: { value: 4, at: run.finishedAt } });
  });

  it('a run cut off mid-way (Ledgerdesk closed) is interrupted, blocks a new run, and resumes from its last page to the same result', async () => {
    // The first copy's third page of customers never answers, as if the process died there.
    let pages = 0;
    const hangs = (store: ReconciliationStore): ReconciliationStore => ({
      ...store,
      customers: (after, size) => (++pages === 3 ? new Promise(() => undefined) : store.customers(after, size))
    });
    const first = await signedInApp(NO_BACKEND, { reconciliation: { ...TUNING, store: hangs } } satisfies Partial<StartOptions>);
    const started = await typed(first)('reconciliation.start', { operationId: randomUUID() });
    if (!started.ok) throw new Error(started.error.message);
    const id = started.value.id;
    await eventually(
      async () => (await platform.db.doc(`reconciliationRuns/${id}`).get()).get('cursor') as string | null,
      (cursor) => cursor === 'd-dan',
      'the second page to be saved'
    );
    await first.dispose();

    const second = await signedInApp(NO_BACKEND, { reconciliation: { ...TUNING, interruptedAfterMs: 300 } });
    const call = typed(second);
    await eventually(
      () => call('reconciliation.run', { id }),
      (run) => run.ok && run.value.state === 'interrupted',
      'the run to show as interrupted'
    );
    expect(await call('reconciliation.start', { operationId: randomUUID() })).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect(await call('reconciliation.resume', { id })).toMatchObject({ ok: true, value: { state: 'running' } });
    const run = await finished(second, id);
    expect(run.state).toBe('finished');
    expect(run.totals).toMatchObject({ customers: 7, drifted: 4, deposits: 6, withdrawals: 2, adjustments: 1, orphans: 2 });
    expect(await driftedIds(second, id)).toEqual(EXPECTED_DRIFTED);
    await second.dispose();
  });

  it('Stop ends a run after the page under way with its progress saved and reads nothing more; Resume goes on from there to the uninterrupted result', async () => {
    // What an uninterrupted run over the same customers finds (pages of 2).
    const reference = await typed(platform.app)('reconciliation.start', { operationId: randomUUID() });
    if (!reference.ok) throw new Error(reference.error.message);
    const uninterrupted = await finished(platform.app, reference.value.id);
    expect(uninterrupted.state).toBe('finished');

    // Another copy pages 3 customers at a time (7 customers: 3 pages) and counts every read; its
    // first page of customers waits until the test lets it go, so Stop arrives while it is under way.
    let letFirstPageGo: () => void = () => undefined;
    const firstPage = new Promise<void>((resolve) => (letFirstPageGo = resolve));
    const customerPages: (string | null)[] = [];
    let reads = 0;
    const counted = (store: ReconciliationStore): ReconciliationStore => ({
      ...store,
      customers: async (after, size) => {
        reads += 1;
        customerPages.push(after);
        if (customerPages.length === 1) await firstPage;
        return store.customers(after, size);
      },
      records: (...args) => ((reads += 1), store.records(...args)),
      adjustments: (...args) => ((reads += 1), store.adjustments(...args))
    });
    const app = await signedInApp(NO_BACKEND, { reconciliation: { customers: 3, records: 3, store: counted } });
    try {
      const call = typed(app);
      const started = await call('reconciliation.start', { operationId: randomUUID() });
      if (!started.ok) throw new Error(started.error.message);
      const id = started.value.id;
      expect(customerPages).toEqual([null]);

      // The dispatcher hands Stop to the run before its first await, so the flag is set before the page is let go.
      const stopping = call('reconciliation.stop', { id });
      letFirstPageGo();
      const stopped = await stopping;
      if (!stopped.ok) throw new Error(stopped.error.message);
      expect(stopped.value).toMatchObject({ state: 'stopped', total: 7, finishedAt: null, totals: { customers: 3, drifted: 1 } });
      expect(stopped.value.stoppedAt).not.toBeNull();
      expect(stopped.value.totals.drift).toEqual({ Totaldeposit: 50, Totalwithdrawal: 0, Totalwithdrawals: 0 });
      // The first page's drifted customer is saved with the progress.
      expect(await driftedIds(app, id)).toEqual(['c-cat']);

      // Stopped means stopped: no further page is read, and the run stays as it was.
      const readsAtStop = reads;
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(reads).toBe(readsAtStop);
      expect(customerPages).toEqual([null]);
      expect(await call('reconciliation.run', { id })).toMatchObject({ ok: true, value: { state: 'stopped', totals: { customers: 3 } } });

      // Resume goes on after the last saved customer (each customer is read once) and ends as the uninterrupted run did.
      expect(await call('reconciliation.resume', { id })).toMatchObject({ ok: true, value: { state: 'running', totals: { customers: 3 } } });
      const resumed = await finished(app, id);
      expect(resumed.state).toBe('finished');
      expect(customerPages).toEqual([null, 'c-cat', 'f-fay']);
      const { reads: _resumedReads, ...resumedTotals } = resumed.totals;
      const { reads: _referenceReads, ...referenceTotals } = uninterrupted.totals;
      expect(resumedTotals).toEqual(referenceTotals);
      expect(resumedTotals).toMatchObject({ customers: 7, drifted: 4, deposits: 6, withdrawals: 2, adjustments: 1, unsummable: 1, orphans: 2 });
      expect(resumedTotals.drift).toEqual({ Totaldeposit: 300, Totalwithdrawal: -30, Totalwithdrawals: 0 });
      expect(await driftedIds(app, id)).toEqual(EXPECTED_DRIFTED);
      const driftedRows = async (runId: string) => {
        const page = await call('reconciliation.drifted', { id: runId, pageSize: 10 });
        if (!page.ok) throw new Error(page.error.message);
        return page.value.rows;
      };
      expect(await driftedRows(id)).toEqual(await driftedRows(uninterrupted.id));
    } finally {
      await app.dispose();
    }
  });
});
