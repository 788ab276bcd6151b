// The simulation's time: real time moved on by the harness (a lease that runs out, a back-off that
// passes, the night's hour), as each host reads it with its own skew (+-5 minutes apart at most).
import type { Clock } from '../../src/core/ports/clock';

export type Host = 'desktop' | 'host' | 'functions';

export const MAX_SKEW_MS = 5 * 60_000;

export class SimClock {
  private passedMs = 0;
  private readonly skews: Record<Host, number>;

  constructor(skews: Record<Host, number>) {
    for (const [host, skew] of Object.entries(skews)) {
      if (Math.abs(skew) > MAX_SKEW_MS) throw new Error(`The ${host}'s skew of ${skew} ms is beyond +-${MAX_SKEW_MS} ms.`);
    }
    this.skews = skews;
  }

  /** Moves every host's time on: what the harness waits instead of waiting. */
  pass(ms: number): void {
    this.passedMs += ms;
  }

  now(host: Host): number {
    return Date.now() + this.passedMs + this.skews[host];
  }

  /** The desktop's Clock port: its timers run in real time (the idle sign-out is kept off by activity). */
  desktopClock(): Clock {
    return {
      now: () => this.now('desktop'),
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout)
    };
  }
}
