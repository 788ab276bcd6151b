import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MainServices, StartOptions } from '../../src/main/compose';
import type { ReconciliationStore } from '../../src/core/ports/reconciliation';
import type { Output, ReconciliationRun } from '../../src/shared/contract';
import type { Result } from '../../src/shared/result';
import { NO_BACKEND, signedInApp, typed, usePlatform } from '../support/integration/moneyFixtures';
import { customers, EXPECTED_DRIFTED, EXPECTED_ORPHANS, EXPECTED_TOTALS, seedReconciliation, when } from '../support/integration/reconciliationFixtures';
import { eventually } from '../support/integration/emulatorHosts';

/**
 * Reconciliation against the emulators: one customer's figures (users.reconcile) and the
 * platform-wide run, paged small so every stream turns several pages, stopped by a "crash" and
 * resumed by another copy of Ledgerdesk as after a restart, or stopped with Stop between two pages
 * of records and resumed to the same result as a run left alone; records whose userId is not text
 * end the run as orphans; resumes are single-flight.
 */

/** Small pages: 7 customers in 4 pages, each stream several pages. */
const TUNING = { customers: 2, records: 3 };
/** 3 customers in 2 pages; 523 deposits in pages of 50. */
const RUN_ENDS = { customers: 2, records: 50 };

describe('reconciliation against the emulators', () => {
  const platform = usePlatform({ per: 'file', env: NO_BACKEND, options: { reconciliation: TUNING } });

  const seed = () => seedReconciliation(platform.db, platform.app);

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

  it('users.reconcile answers each figure stored, from records and from adjustments, and the drift, reading the records as the approval did', async () => {
    await seed();
    const call = typed(platform.app);
    const cat = await call('users.reconcile', { id: 'c-cat' });
    if (!cat.ok) throw new Error(cat.error.message);
    expect(cat.value.figures).toEqual([
      { figure: 'Totaldeposit', stored: 500, records: 450, recordCount: 2, unsummable: 0, adjustments: 0, adjustmentCount: 0, drift: 50, problem: null },
      { figure: 'Totalwithdrawal', stored: 0, records: 0, recordCount: 0, unsummable: 0, adjustments: 0, adjustmentCount: 0, drift: 0, problem: null }
    ]);
    // The customer, their two deposits, one empty page each of withdrawals and adjustments, and the three (empty) pages of userIds starting with a space but " b-bob ";
    // then, for the balance, the customer and their journal head (none here).
    expect(cat.value.reads).toBe(1 + 2 + 1 + 1 + 3 + 2);
    expect(cat.value.balance).toEqual({ state: 'noHead', sentence: 'No journal head yet: run records-genesis.', path: null });

    const bob = await call('users.reconcile', { id: 'b-bob' });
    expect(bob.ok && bob.value.figures[0]).toMatchObject({ stored: 152.5, records: 140, recordCount: 2, adjustments: 12.5, adjustmentCount: 1, drift: 0 });
    const ann = await call('users.reconcile', { id: 'a-ann' });
    expect(ann.ok && ann.value.figures.map((f) => [f.figure, f.records, f.drift])).toEqual([
      ['Totaldeposit', 300, 0],
      ['Totalwithdrawal', 70, 0]
    ]);
    const dan = await call('users.reconcile', { id: 'd-dan' });
    expect(dan.ok && dan.value.figures[0]).toMatchObject({ stored: 250, records: 250, recordCount: 1, unsummable: 0, drift: 0 });
    const gus = await call('users.reconcile', { id: 'g-gus' });
    expect(gus.ok && gus.value.figures[0]).toMatchObject({ stored: 0, records: 0, unsummable: 1, drift: 0 });
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
    expect(run.totals).toMatchObject(EXPECTED_TOTALS);
    expect(run.totals.orphanPaths).toEqual(EXPECTED_ORPHANS);
    expect(run.totals.drift).toEqual({ Totaldeposit: 50, Totalwithdrawal: -30, Totalwithdrawals: 0 });
    // Customers, successful deposits, approved withdrawals and adjustment entries, " b-bob "'s deposit
    // again and one page each for the userIds starting with a space, and one empty page per stream at most.
    const bound = 7 + 10 + 4 + 1 + 3 + 4;
    expect(run.totals.reads).toBeLessThanOrEqual(bound);
    expect(await driftedIds(platform.app, run.id)).toEqual(EXPECTED_DRIFTED);
    // users.reconcile finds for each customer what the run found: the same figures where it kept them, no drift elsewhere.
    const rows = await call('reconciliation.drifted', { id: run.id, pageSize: 10 });
    if (!rows.ok) throw new Error(rows.error.message);
    for (const id of Object.keys(customers)) {
      const alone = await call('users.reconcile', { id });
      if (!alone.ok) throw new Error(alone.error.message);
      const kept = rows.value.rows.find((row) => row.userId === id);
      if (kept) expect(alone.value.figures, id).toEqual(kept.figures);
      else
        expect(
          alone.value.figures.every((f) => f.drift === 0 && f.problem === null),
          id
        ).toBe(true);
    }
    const audit = (await platform.db.collection('auditLog').where('action', '==', 'reconciliation.start').get()).docs;
    expect(audit.map((d) => d.get('entityPath'))).toEqual([`reconciliationRuns/${run.id}`]);
    // A finished run is the dashboard's last run.
    expect(await call('dashboard.figure', { figure: 'reconciliation.drifted' })).toMatchObject({ ok: true, value: { value: 3, at: run.finishedAt } });
  });

  it('a run cut off mid-way (Ledgerdesk closed) is interrupted, blocks a new run, and resumes from its last page to the same result', async () => {
    // The first copy's fourth page of customers (read to know who comes after the sixth) never answers, as if the process died there.
    let pages = 0;
    const hangs = (store: ReconciliationStore): ReconciliationStore => ({
      ...store,
      customers: (after, size) => (++pages === 4 ? new Promise(() => undefined) : store.customers(after, size))
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
    expect(run.totals).toMatchObject(EXPECTED_TOTALS);
    expect(run.totals.orphanPaths).toEqual(EXPECTED_ORPHANS);
    expect(await driftedIds(second, id)).toEqual(EXPECTED_DRIFTED);
    await second.dispose();
  });

  it('Stop ends a run between two pages of records, with its progress through the last customer done saved, and reads nothing more; Resume goes on from there to the uninterrupted result', async () => {
    // What an uninterrupted run over the same customers finds (pages of 2).
    const reference = await typed(platform.app)('reconciliation.start', { operationId: randomUUID() });
    if (!reference.ok) throw new Error(reference.error.message);
    const uninterrupted = await finished(platform.app, reference.value.id);
    expect(uninterrupted.state).toBe('finished');

    // Another copy counts every read; the third page of deposits (read while c-cat, the first
    // customer of the second page, is checked) waits until the test lets it go, so Stop arrives
    // in the middle of a page of customers.
    let letDepositsGo: () => void = () => undefined;
    const depositsHeld = new Promise<void>((resolve) => (letDepositsGo = resolve));
    let depositsReached: () => void = () => undefined;
    const reached = new Promise<void>((resolve) => (depositsReached = resolve));
    const customerPages: (string | null)[] = [];
    let depositPages = 0;
    let reads = 0;
    const counted = (store: ReconciliationStore): ReconciliationStore => ({
      ...store,
      customers: (after, size) => ((reads += 1), customerPages.push(after), store.customers(after, size)),
      records: async (name, scope, after, size) => {
        reads += 1;
        if (name === 'deposits' && scope === null && ++depositPages === 3) {
          depositsReached();
          await depositsHeld;
        }
        return store.records(name, scope, after, size);
      },
      adjustments: (...args) => ((reads += 1), store.adjustments(...args))
    });
    const app = await signedInApp(NO_BACKEND, { reconciliation: { ...TUNING, store: counted } });
    try {
      const call = typed(app);
      const started = await call('reconciliation.start', { operationId: randomUUID() });
      if (!started.ok) throw new Error(started.error.message);
      const id = started.value.id;
      await reached;
      // The first page (a-ann, b-bob) is saved; c-cat's deposits are being read.
      expect(customerPages).toEqual([null, 'b-bob']);

      // The dispatcher hands Stop to the run before its first await, so the flag is set before the page is let go.
      const stopping = call('reconciliation.stop', { id });
      letDepositsGo();
      const stopped = await stopping;
      if (!stopped.ok) throw new Error(stopped.error.message);
      // c-cat was finished with the records already read; d-dan needed another page, so it waits for Resume.
      expect(stopped.value).toMatchObject({ state: 'stopped', total: 7, finishedAt: null, totals: { customers: 3, drifted: 1 } });
      expect(stopped.value.stoppedAt).not.toBeNull();
      expect(stopped.value.totals.drift).toEqual({ Totaldeposit: 50, Totalwithdrawal: 0, Totalwithdrawals: 0 });
      // c-cat is saved with the progress.
      expect(await driftedIds(app, id)).toEqual(['c-cat']);

      // Stopped means stopped: no further page is read, and the run stays as it was.
      const readsAtStop = reads;
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(reads).toBe(readsAtStop);
      expect(customerPages).toEqual([null, 'b-bob']);
      expect(await call('reconciliation.run', { id })).toMatchObject({ ok: true, value: { state: 'stopped', totals: { customers: 3 } } });

      // Resume goes on after the last customer done (c-cat) and ends as the uninterrupted run did.
      expect(await call('reconciliation.resume', { id })).toMatchObject({ ok: true, value: { state: 'running', totals: { customers: 3 } } });
      const resumed = await finished(app, id);
      expect(resumed.state).toBe('finished');
      expect(customerPages).toEqual([null, 'b-bob', 'c-cat', 'e-eve', 'g-gus']);
      const { reads: _resumedReads, ...resumedTotals } = resumed.totals;
      const { reads: _referenceReads, ...referenceTotals } = uninterrupted.totals;
      expect(resumedTotals).toEqual(referenceTotals);
      expect(resumedTotals).toMatchObject(EXPECTED_TOTALS);
      expect(resumedTotals.orphanPaths).toEqual(EXPECTED_ORPHANS);
      expect(resumedTotals.drift).toEqual({ Totaldeposit: 50, Totalwithdrawal: -30, Totalwithdrawals: 0 });
      expect(await driftedIds(app, id)).toEqual(EXPECTED_DRIFTED);
      const driftedRows = async (runId: string) => {
        const page = await call('reconciliation.drifted', { id: runId, pageSize: 10 });
        if (!page.ok) throw new Error(page.error.message);
        return page.value.rows;
      };
      expect(await driftedRows(id)).toEqual(await driftedRows(uninterrupted.id));
      // Each save of drifted customers comes with its own audit entry, listing every row it wrote.
      const entries = (
        await platform.db.collection('auditLog').where('action', '==', 'reconciliation.keepDrifted').where('entityPath', '==', `reconciliationRuns/${id}`).get()
      ).docs;
      const rows = (await platform.db.collection(`reconciliationRuns/${id}/drifted`).get()).docs;
      expect(entries.flatMap((e) => e.get('paths') as string[]).sort()).toEqual(rows.map((r) => r.ref.path).sort());
      for (const row of rows) expect(entries.map((e) => e.id)).toContain(row.get('lastAuditId'));
      const session = await call('session.get', {});
      const uid = session.ok ? session.value.user?.uid : undefined;
      expect(uid).toBeTruthy();
      for (const entry of entries) expect(entry.get('adminUid')).toBe(uid);
    } finally {
      await app.dispose();
    }
  });
});

describe('a reconciliation run always ends, and one pass at a time holds it', () => {
  const platform = usePlatform({ per: 'file', env: NO_BACKEND, options: { reconciliation: RUN_ENDS } });
  const call = () => typed(platform.app);

  /** 520 successful deposits whose userId is a reference to a customer, one whose userId is a map and one a number: none names a customer. */
  const NOT_TEXT = [...Array.from({ length: 520 }, (_, i) => `deposits/ref-${String(i).padStart(3, '0')}`), 'deposits/map-1', 'deposits/number-1'];

  const seed = async () => {
    const db = platform.db;
    for (const id of ['u1', 'u2', 'u3']) await db.doc(`users/${id}`).set({ fullname: id, Totaldeposit: id === 'u1' ? 10 : 0, timestamp: when });
    await db.doc('deposits/u1-own').set({ userId: 'u1', amount: 10, status: 'success', method: 'BITCOIN', timestamp: when });
    for (let start = 0; start < 520; start += 400) {
      const batch = db.batch();
      for (let i = start; i < Math.min(520, start + 400); i++) {
        batch.set(db.doc(`deposits/ref-${String(i).padStart(3, '0')}`), {
          userId: db.doc(`users/u${(i % 3) + 1}`),
          amount: 10,
          status: 'success',
          method: 'BITCOIN',
          timestamp: when
        });
      }
      await batch.commit();
    }
    await db.doc('deposits/map-1').set({ userId: { id: 'u2' }, amount: 10, status: 'success', method: 'BITCOIN', timestamp: when });
    await db.doc('deposits/number-1').set({ userId: 42, amount: 10, status: 'success', method: 'BITCOIN', timestamp: when });
  };

  const ended = (app: MainServices, id: string) =>
    eventually(
      async () => {
        const run = await typed(app)('reconciliation.run', { id });
        if (!run.ok) throw new Error(run.error.message);
        return run.value;
      },
      (run: ReconciliationRun) => run.state !== 'running',
      `reconciliation run ${id} to end`,
      60_000
    );

  /**
   * A store whose `nth` page of the full deposits stream (or the next one after holdNext()) waits
   * for go(), announcing it through `reached`; it counts every read and each save's answer.
   */
  const held = (nth: number) => {
    const seen = { reads: 0, leading: 0, saves: [] as boolean[] };
    let release: () => void = () => undefined;
    let arrive: () => void = () => undefined;
    let gate = Promise.resolve();
    let holding = false;
    const arm = () => {
      holding = true;
      gate = new Promise<void>((resolve) => (release = resolve));
      return new Promise<void>((resolve) => (arrive = resolve));
    };
    const reached = nth > 0 ? arm() : Promise.resolve();
    if (nth > 0) holding = false;
    let depositPages = 0;
    const wrap = (store: ReconciliationStore): ReconciliationStore => ({
      ...store,
      customers: (...args) => ((seen.reads += 1), store.customers(...args)),
      records: async (name, scope, after, size) => {
        seen.reads += 1;
        if (scope?.from === '') seen.leading += 1;
        if (name === 'deposits' && scope === null && (++depositPages === nth || holding)) {
          holding = false;
          arrive();
          await gate;
        }
        return store.records(name, scope, after, size);
      },
      adjustments: (scope, after, size) => ((seen.reads += 1), scope?.from === '' && (seen.leading += 1), store.adjustments(scope, after, size)),
      save: async (...args) => {
        const saved = await store.save(...args);
        seen.saves.push(saved);
        return saved;
      }
    });
    return { wrap, seen, go: () => release(), reached, holdNext: arm };
  };

  beforeAll(seed);

  it('520 deposits whose userId is a reference, and ones whose userId is a map or a number, end the run as orphans listed by path', async () => {
    const started = await call()('reconciliation.start', { operationId: randomUUID() });
    if (!started.ok) throw new Error(started.error.message);
    const run = await ended(platform.app, started.value.id);
    expect(run.state).toBe('finished');
    expect(run.totals).toMatchObject({ customers: 3, drifted: 0, deposits: 1, orphans: NOT_TEXT.length });
    expect([...run.totals.orphanPaths].sort()).toEqual([...NOT_TEXT].sort());
    // Each document once, plus the three pages of userIds starting with a space and the customers' pages.
    expect(run.totals.reads).toBeLessThanOrEqual(3 + 1 + NOT_TEXT.length + 3 + 3);
  });

  it('Stop between two pages of records ends the run at once, and Resume counts each orphan once', async () => {
    const gate = held(4);
    const app = await signedInApp(NO_BACKEND, { reconciliation: { ...RUN_ENDS, store: gate.wrap } });
    try {
      const started = await typed(app)('reconciliation.start', { operationId: randomUUID() });
      if (!started.ok) throw new Error(started.error.message);
      const id = started.value.id;
      // The fourth page of deposits: the orphans after the last customer, u3, are being read.
      await gate.reached;
      const stopping = typed(app)('reconciliation.stop', { id });
      gate.go();
      const stopped = await stopping;
      if (!stopped.ok) throw new Error(stopped.error.message);
      // u1 and u2 (the first page) are done; u3 needed more pages of orphans after it, so it waits for Resume.
      expect(stopped.value).toMatchObject({ state: 'stopped', finishedAt: null, totals: { customers: 2, orphans: 1 } });
      expect(stopped.value.totals.orphanPaths).toEqual(['deposits/number-1']);
      const readsAtStop = gate.seen.reads;
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(gate.seen.reads).toBe(readsAtStop);

      expect(await typed(app)('reconciliation.resume', { id })).toMatchObject({ ok: true, value: { state: 'running' } });
      const run = await ended(app, id);
      expect(run.state).toBe('finished');
      expect(run.totals).toMatchObject({ customers: 3, deposits: 1, orphans: NOT_TEXT.length });
      expect([...run.totals.orphanPaths].sort()).toEqual([...NOT_TEXT].sort());
    } finally {
      await app.dispose();
    }
  });

  it('two resumes at once, in two copies of Ledgerdesk and twice in one, start one pass', async () => {
    // A run stopped before its first page.
    const gate = held(1);
    const first = await signedInApp(NO_BACKEND, { reconciliation: { ...RUN_ENDS, store: gate.wrap } });
    const other = held(0);
    const second = await signedInApp(NO_BACKEND, { reconciliation: { ...RUN_ENDS, store: other.wrap } });
    try {
      const started = await typed(first)('reconciliation.start', { operationId: randomUUID() });
      if (!started.ok) throw new Error(started.error.message);
      const id = started.value.id;
      await gate.reached;
      const stopping = typed(first)('reconciliation.stop', { id });
      gate.go();
      expect(await stopping).toMatchObject({ ok: true, value: { state: 'stopped', totals: { customers: 0 } } });
      const passesBefore = gate.seen.leading + other.seen.leading;

      // Whichever copy starts the pass, its first page of deposits waits until every resume has answered.
      const holding = [gate.holdNext(), other.holdNext()];
      const answers = await Promise.all([
        typed(first)('reconciliation.resume', { id }),
        typed(second)('reconciliation.resume', { id }),
        typed(first)('reconciliation.resume', { id }),
        typed(second)('reconciliation.resume', { id })
      ]);
      for (const answer of answers) expect(answer, JSON.stringify(answer)).toMatchObject({ ok: true, value: { state: 'running' } });
      await Promise.race(holding);
      // A pass opens by reading the three streams of userIds starting with a space, once each: one pass did.
      expect(gate.seen.leading + other.seen.leading - passesBefore).toBe(3);
      gate.go();
      other.go();
      const run = await ended(first, id);
      expect(run.state).toBe('finished');
      expect(gate.seen.leading + other.seen.leading - passesBefore).toBe(3);
      expect(run.totals).toMatchObject({ customers: 3, deposits: 1, orphans: NOT_TEXT.length });
    } finally {
      await Promise.all([first.dispose(), second.dispose()]);
    }
  });

  it('a run stopped from another copy is not finished by the pass still reading in the first', async () => {
    const gate = held(2);
    const first = await signedInApp(NO_BACKEND, { reconciliation: { ...RUN_ENDS, store: gate.wrap } });
    const second = await signedInApp(NO_BACKEND, { reconciliation: RUN_ENDS });
    try {
      const started = await typed(first)('reconciliation.start', { operationId: randomUUID() });
      if (!started.ok) throw new Error(started.error.message);
      const id = started.value.id;
      await gate.reached;
      // The second copy holds no pass of this run: it marks it stopped at once.
      expect(await typed(second)('reconciliation.stop', { id })).toMatchObject({ ok: true, value: { state: 'stopped' } });
      const savesBefore = gate.seen.saves.length;
      gate.go();
      // The first copy's pass reads on to the end, then finds the run no longer its own when it saves, and writes nothing.
      await eventually(
        async () => gate.seen.saves.length,
        (saves) => saves > savesBefore,
        "the stray pass's last save"
      );
      const run = await typed(second)('reconciliation.run', { id });
      expect(run).toMatchObject({ ok: true, value: { state: 'stopped', finishedAt: null } });
      expect((await platform.db.doc(`reconciliationRuns/${id}`).get()).get('state')).toBe('stopped');
      expect(gate.seen.saves.at(-1)).toBe(false);
    } finally {
      await Promise.all([first.dispose(), second.dispose()]);
    }
  });
});
