import { describe, expect, it } from 'vitest';
import type { ReconciliationMerge } from '@core/reconciliationMerge';
import { reconcileStep, type RunHolder, type RunPosition, type StepResult } from '@core/reconciliationStep';
import { emptyTotals, type RunTotals } from '@shared/domain/reconciliation';
import { fakeReconciliationStore, type FakeReconciliationStore } from '../../support/fakes/fakeReconciliationStore';

// One step of a reconciliation run (src/core/reconciliationStep.ts), as both hosts run it: the desktop
// loops on it in its process, handing its merge back; a server task runs one and queues the next.

const PASS = 'pass-1';
const HOLDER: RunHolder = { runId: 'run-1', pass: PASS, actor: { uid: 'admin-1', email: 'ana@ledger.test' } };
const SIZES = { customers: 2, records: 2 };

/** Five customers, c3's deposit total $10.00 more than its deposits explain. */
const platform = () =>
  fakeReconciliationStore({
    customers: {
      c1: { Totaldeposit: 10 },
      c2: { Totaldeposit: 20 },
      c3: { Totaldeposit: 50 },
      c4: { Totaldeposit: 0 },
      c5: { Totaldeposit: 5, Totalwithdrawal: 5 }
    },
    deposits: [
      { userId: 'c1', cents: 1000 },
      { userId: 'c2', cents: 2000 },
      { userId: 'c3', cents: 4000 },
      { userId: 'c5', cents: 500 }
    ],
    withdrawals: [{ userId: 'c5', cents: 500 }],
    pass: PASS
  });

const START: RunPosition = { cursor: null, totals: emptyTotals() };

/** Steps until the run ends: with the merge handed back (the desktop), or a fresh one each step (a server task). */
async function runToEnd(store: FakeReconciliationStore, from: RunPosition, keepMerge: boolean, stopAsked?: () => boolean) {
  const outcomes: StepResult['outcome'][] = [];
  let at = from;
  let merge: ReconciliationMerge | undefined;
  for (;;) {
    const step = await reconcileStep(store, { ...HOLDER, pass: store.run.pass! }, at, { sizes: SIZES, stopAsked, merge: keepMerge ? merge : undefined });
    outcomes.push(step.outcome);
    if (step.outcome !== 'page saved') return outcomes;
    ({ at, merge } = step);
  }
}

const counted = (totals: RunTotals) => {
  const { reads: _reads, ...rest } = totals;
  return rest;
};

describe('a reconciliation step', () => {
  it('saves page after page, and the last page finishes the run with the totals and the drifted customer kept', async () => {
    const store = platform();
    expect(await runToEnd(store, START, true)).toEqual(['page saved', 'page saved', 'finished']);
    expect(store.run).toMatchObject({ state: 'finished', finished: true, cursor: 'c5' });
    expect(store.run.totals).toMatchObject({ customers: 5, deposits: 4, withdrawals: 1, drifted: 1, orphans: 0 });
    expect(store.run.totals.drift.Totaldeposit).toBe(1000);
    expect(store.drifted.map((d) => d.userId)).toEqual(['c3']);
    // The run bills every document it read, nothing more and nothing twice.
    expect(store.run.totals.reads).toBe(store.reads);
    expect(store.saves.map((s) => s.cursor)).toEqual(['c2', 'c4', 'c5']);
  });

  it('one per task from the saved cursor, the steps count the same; the merge handed back reads less', async () => {
    const looped = platform();
    const tasks = platform();
    await runToEnd(looped, START, true);
    expect(await runToEnd(tasks, START, false)).toEqual(['page saved', 'page saved', 'finished']);
    expect(counted(tasks.run.totals)).toEqual(counted(looped.run.totals));
    // A fresh merge reads the records past its cursor again; the one handed back goes on where it is.
    expect(looped.reads).toBeLessThan(tasks.reads);
  });

  it('Stop asked while a page is under way saves the run stopped at the last customer done; a resume from there ends where an uninterrupted run ends', async () => {
    const store = platform();
    let stop = false;
    // Stop is asked at the first read after the first page was saved.
    store.beforeRead = () => {
      if (store.saves.length === 1) stop = true;
    };
    const outcomes = await runToEnd(store, START, true, () => stop);
    expect(outcomes.at(-1)).toBe('stopped');
    expect(store.run).toMatchObject({ state: 'stopped', stopped: true });
    // The first page stands, and what the run says it counted is what it counted through its cursor.
    expect(store.run.totals.customers).toBeGreaterThanOrEqual(2);
    expect(store.run.totals.customers).toBe(['c1', 'c2', 'c3', 'c4', 'c5'].indexOf(store.run.cursor!) + 1);

    // Resume: a new pass goes on from the saved cursor and totals.
    store.beforeRead = undefined;
    Object.assign(store.run, { state: 'running', pass: 'pass-2' });
    expect((await runToEnd(store, { cursor: store.run.cursor, totals: store.run.totals }, true)).at(-1)).toBe('finished');
    const whole = platform();
    await runToEnd(whole, START, true);
    expect(counted(store.run.totals)).toEqual(counted(whole.run.totals));
    expect(store.drifted.map((d) => d.userId)).toEqual(['c3']);
  });

  it('Stop asked before anything is read saves the run stopped where it stood, having read nothing', async () => {
    const store = platform();
    const step = await reconcileStep(store, HOLDER, START, { sizes: SIZES, stopAsked: () => true });
    expect(step).toEqual({ outcome: 'stopped', at: START });
    expect(store.run).toMatchObject({ state: 'stopped', stopped: true, cursor: null, totals: emptyTotals() });
    expect(store.reads).toBe(0);
  });

  it('a pass that lost the run (resumed by another pass, or stopped elsewhere) writes nothing', async () => {
    for (const takeOver of [{ pass: 'another-pass' }, { state: 'stopped' as const }]) {
      const store = platform();
      const first = await reconcileStep(store, HOLDER, START, { sizes: SIZES });
      expect(first.outcome).toBe('page saved');
      const saved = structuredClone(store.run);
      Object.assign(store.run, takeOver);
      const second = await reconcileStep(store, HOLDER, first.outcome === 'page saved' ? first.at : START, { sizes: SIZES });
      expect(second).toEqual({ outcome: 'lost' });
      expect(store.saves).toHaveLength(1);
      expect(store.drifted).toEqual([]);
      expect({ cursor: store.run.cursor, totals: store.run.totals }).toEqual({ cursor: saved.cursor, totals: saved.totals });
    }
  });
});
