// One simulation: seeded rounds of fast-check model-based commands (fc.commands, fc.asyncModelRun),
// each on freshly reset emulators, until the operations asked for have run; the checker after every
// operation and at the end of each round. A failing round is shrunk (within a time budget) and its
// operations printed with the seed that replays it.
import fc from 'fast-check';
import type { EmulatorHosts } from '../devenv/emulators';
import { ensureEmulators, resetEmulators } from '../devenv/emulators';
import { deliveryKey } from '../../src/core/mailDelivery';
import { MAIL_ATTEMPTS } from '../../src/shared/domain/mailOutbox';
import { Checker, type Invariant, type Violation } from './checker';
import { SimClock, MAX_SKEW_MS } from './clock';
import { commandArbitraries } from './commands';
import { Faults, type Plant } from './faults';
import { CommitRecorder } from './commits';
import { newModel } from './model';
import { InvariantBroken, Real } from './real';
import { startWorld, withdrawalAtLeastOf } from './world';

/** The most operations one round draws, on one set of emulator data. */
export const MAX_ROUND = 5_000;

export interface SimulationOptions {
  seed: number;
  ops: number;
  plant: Plant | null;
  /** Replay: no shrinking, the operations exactly as the seed draws them. */
  replay: boolean;
  shrinkSeconds: number;
  /** The emulators' lines. */
  log: (line: string) => void;
  /** A line at each round's end, for the one who waits. */
  progress: (line: string) => void;
}

interface Failure {
  violations: Violation[];
  /** An operation that threw: its error, when no invariant was broken first. */
  error: string | null;
  operations: string[];
}

export interface SimulationReport {
  operations: number;
  faults: number;
  /** Approval requests covered withdrawal approvals made (the team's commands decide them). */
  requests: number;
  checks: number;
  violations: Violation[];
  /** An operation threw instead (its stack). */
  error: string | null;
  /** The failing round's operations, shrunk. */
  failing: string[] | null;
  failingRoundSeed: number | null;
}

const skewOf = (seed: number, salt: number) => (((seed * 2654435761 + salt * 40503) >>> 0) % (2 * MAX_SKEW_MS + 1)) - MAX_SKEW_MS;

const roundKeys = (outboxId: string, rounds: number): string[] => Array.from({ length: rounds }, (_, round) => deliveryKey(outboxId, round));

export async function simulate(options: SimulationOptions): Promise<SimulationReport> {
  const emulators = await ensureEmulators({ authPort: 0, firestorePort: 0, fresh: true, log: options.log });
  const report: SimulationReport = { operations: 0, faults: 0, requests: 0, checks: 0, violations: [], error: null, failing: null, failingRoundSeed: null };
  try {
    for (let round = 0; report.operations < options.ops && !report.failing; round++) {
      // A round draws up to this many operations (its length is drawn too): the last rounds are not left tiny, and
      // no round outgrows what the checker's deeper reads can go over (a long run is many rounds).
      const longest = Math.min(MAX_ROUND, Math.max(options.ops - report.operations, Math.min(options.ops, 400)));
      await runRound(emulators, options, options.seed + round, longest, report);
    }
  } finally {
    await emulators.stop();
  }
  return report;
}

async function runRound(hosts: EmulatorHosts, options: SimulationOptions, seed: number, ops: number, report: SimulationReport): Promise<void> {
  let first = true;
  let shrinkUntil = Number.POSITIVE_INFINITY;
  let lastFailure: Failure | null = null;
  const property = fc.asyncProperty(fc.commands(commandArbitraries(), { maxCommands: ops, size: 'max' }), async (commands) => {
    const counting = first;
    first = false;
    // Shrinking has a budget: past it, every smaller case is let pass, so the smallest failing one found stands.
    if (!counting && Date.now() > shrinkUntil) return true;
    const faults = new Faults(options.plant);
    const clock = new SimClock({ desktop: skewOf(seed, 1), host: skewOf(seed, 2), functions: skewOf(seed, 3) });
    await resetEmulators(hosts);
    const commits = new CommitRecorder();
    const world = await startWorld({ hosts, faults, commits, clock, withdrawalAtLeast: withdrawalAtLeastOf(seed), log: options.log });
    const checker = new Checker({
      db: world.db,
      desktop: world.desktops[0]!,
      mailDir: world.mailDir,
      pending: () => world.platform.journal.pendingCustomers(),
      roundKeys,
      automaticAttempts: MAIL_ATTEMPTS
    });
    await world.platform.journal.start();
    await checker.start();
    const model = newModel(world.withdrawalAtLeast);
    try {
      const real = new Real(world, faults, checker, commits);
      await fc.asyncModelRun(() => ({ model, real }), commands);
      await real.finish(model);
      return true;
    } catch (error) {
      // An invariant broken, or an operation that threw where nothing should (a harness or Ledgerdesk defect): both fail the round.
      lastFailure =
        error instanceof InvariantBroken
          ? { violations: error.violations, error: null, operations: model.ran }
          : { violations: [], error: error instanceof Error ? (error.stack ?? error.message) : String(error), operations: model.ran };
      if (counting) shrinkUntil = Date.now() + options.shrinkSeconds * 1000;
      return false;
    } finally {
      if (counting) {
        report.operations += model.step;
        report.faults += faults.injected;
        report.requests += new Set(model.requests.map((request) => request.id)).size;
        report.checks += checker.checks;
      }
      await world.close();
    }
  });
  const result = await fc.check(property, { seed, numRuns: 1, unbiased: true, endOnFailure: options.replay });
  options.progress(`round seed ${seed}: ${result.failed ? 'FAILED' : 'passed'}, ${report.operations} operations so far, ${report.requests} approval requests`);
  if (result.failed && !lastFailure) throw result.errorInstance ?? new Error('The simulation round failed outside its checker.');
  if (lastFailure) {
    const failure: Failure = lastFailure;
    report.violations = failure.violations;
    report.error = failure.error;
    report.failing = failure.operations;
    report.failingRoundSeed = seed;
  }
}

export const brokenInvariants = (violations: Violation[]): Invariant[] => [...new Set(violations.map((violation) => violation.invariant))].sort();
