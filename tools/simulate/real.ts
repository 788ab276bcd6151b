// What the commands act on: the world, the round's faults and commits, and the checker after each operation.
import { DEEP_EVERY, INVARIANTS, type Checker, type Violation } from './checker';
import type { CommitRecorder } from './commits';
import type { CustomerApp, SimCustomer } from './customerApp';
import type { Faults } from './faults';
import type { Writer } from './journalFeed';
import type { Model } from './model';
import { simCustomers, type World } from './world';
import type { MainServices } from '../../src/main/compose';

/** The approver's desktop, as commands number desktops (0 and 1 are the owner's). */
export const APPROVER_DESKTOP = 2;

export class InvariantBroken extends Error {
  constructor(
    readonly violations: Violation[],
    readonly operation: string
  ) {
    super(`After "${operation}": ${violations.map((v) => `invariant ${v.invariant} (${INVARIANTS[v.invariant]}): ${v.detail}`).join('; ')}`);
  }
}

/** What the commands act on: the world, this round's faults and the checker. */
export class Real {
  constructor(
    readonly world: World,
    readonly faults: Faults,
    readonly checker: Checker,
    readonly commits: CommitRecorder
  ) {}

  /** Desktop 0 or 1 (the owner's two), or APPROVER_DESKTOP (the second administrator's). */
  desktop(index: number): MainServices {
    return index === APPROVER_DESKTOP ? this.world.approver : this.world.desktops[index % 2]!;
  }

  customerAccount(index: number): SimCustomer {
    return simCustomers[index % simCustomers.length]!;
  }
  customerId(index: number): string {
    return this.customerAccount(index).uid;
  }
  liveCustomer(index: number, model: Model): CustomerApp | null {
    const app = this.world.customers[index % this.world.customers.length]!;
    return model.deleted.has(app.customer.uid) ? null : app;
  }

  /** What happens after every operation: the platform's events and tasks, then the checker. */
  async afterOperation(model: Model, writer: Writer, operation: string): Promise<void> {
    const { platform, desktops } = this.world;
    if (process.env.LEDGERDESK_SIMULATE_TRACE)
      process.stderr.write(`${new Date().toISOString()} ${model.step + 1}. ${operation} (${model.written.length} written, ${model.refusals} refused)\n`);
    await Promise.all([platform.journal.afterOperation(writer, this.commits.take()), platform.deliverQueuedMail()]);
    await platform.pumpTasks(this.faults.take('event-twice'));
    model.step += 1;
    // The administrator is at the keyboard: the idle sign-out must not end the run.
    if (model.step % 10 === 0) await Promise.all([...desktops, this.world.approver].map((desktop) => desktop.dispatch('session.activity', {})));
    const violations = await this.checker.afterStep(model, model.step % DEEP_EVERY === 0);
    if (violations.length > 0) throw new InvariantBroken(violations, operation);
  }

  /** The end of a round: every held event delivered, the queue drained, every invariant checked once more. */
  async finish(model: Model): Promise<void> {
    const { platform } = this.world;
    await platform.journal.drain();
    await platform.sweep(false);
    for (let pumps = 0; pumps < 10 && platform.queuedTasks() > 0; pumps++) await platform.pumpTasks(false);
    const violations = await this.checker.afterStep(model, true);
    if (violations.length > 0) throw new InvariantBroken(violations, 'the end of the round');
  }
}
