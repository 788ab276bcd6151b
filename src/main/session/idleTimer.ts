import { systemClock, type Clock } from '../../core/ports/clock';

export const DEFAULT_IDLE_MS = 2 * 60 * 1000;
const WARNING_LEAD_MS = 15 * 1000;

/** The warning comes 15 s before sign-out, or halfway when the whole timeout is shorter. */
export const warningLeadMs = (idleMs: number): number => Math.min(WARNING_LEAD_MS, Math.floor(idleMs / 2));

export interface IdleTimerOptions {
  idleMs: number;
  clock?: Clock;
  onWarning: (signOutAt: number, msLeft: number) => void;
  onExpire: () => void;
}

/**
 * Signs the administrator out after a stretch without activity. It lives in the main process so
 * a frozen or closed page cannot keep a session alive.
 */
export class IdleTimer {
  private readonly clock: Clock;
  private warningHandle: unknown = null;
  private expireHandle: unknown = null;
  private deadline = 0;

  constructor(private readonly options: IdleTimerOptions) {
    this.clock = options.clock ?? systemClock;
  }

  get running(): boolean {
    return this.expireHandle !== null;
  }

  /** Starts or restarts the countdown from now. */
  touch(): void {
    this.stop();
    const { idleMs } = this.options;
    const lead = warningLeadMs(idleMs);
    this.deadline = this.clock.now() + idleMs;
    this.warningHandle = this.clock.setTimeout(() => {
      this.warningHandle = null;
      this.options.onWarning(this.deadline, Math.max(0, this.deadline - this.clock.now()));
    }, idleMs - lead);
    this.expireHandle = this.clock.setTimeout(() => {
      this.expireHandle = null;
      this.stop();
      this.options.onExpire();
    }, idleMs);
  }

  stop(): void {
    if (this.warningHandle !== null) this.clock.clearTimeout(this.warningHandle);
    if (this.expireHandle !== null) this.clock.clearTimeout(this.expireHandle);
    this.warningHandle = null;
    this.expireHandle = null;
  }
}
