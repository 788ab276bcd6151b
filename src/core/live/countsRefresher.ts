import type { Clock } from '../ports/clock';

/**
 * Runs a refresh at most once per `everyMs`: the first ask runs at once, asks within the window
 * are folded into one run at its end. The sidebar's counts are aggregation queries, billed per
 * call, and a busy queue changes many times a minute.
 */
export class Throttle {
  private last = Number.NEGATIVE_INFINITY;
  private timer: unknown = null;

  constructor(
    private readonly run: () => void,
    private readonly everyMs: number,
    private readonly clock: Clock
  ) {}

  ask(): void {
    if (this.timer !== null) return;
    const wait = this.last + this.everyMs - this.clock.now();
    if (wait <= 0) this.fire();
    else this.timer = this.clock.setTimeout(() => this.fire(), wait);
  }

  /** Runs now, whatever the window (the window came back into focus). */
  now(): void {
    this.cancel();
    this.fire();
  }

  cancel(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private fire(): void {
    this.timer = null;
    this.last = this.clock.now();
    this.run();
  }
}
