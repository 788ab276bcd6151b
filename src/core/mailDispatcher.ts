import { randomUUID } from 'node:crypto';
import { systemClock, type Clock } from './ports/clock';
import type { BackendHost } from './ports/backendHost';
import { deliverQueuedMail } from './mailDelivery';
import type { MailOutbox } from './ports/mailOutbox';

export interface MailDispatcherOptions {
  outbox: MailOutbox;
  backend: BackendHost;
  /** The signed-in administrator's ID token, or null when nobody is signed in (nothing is sent). */
  idToken: () => Promise<string | null>;
  /**
   * Whether this desktop delivers the queue: false while settings/ledgerdesk.mailDelivery hands it to
   * the platform's functions, which then deliver every entry; asked before each look at the queue.
   */
  deliversHere?: () => Promise<boolean>;
  clock?: Clock;
  pollMs?: number;
  leaseMs?: number;
  /** Delay before attempt n+1 after n failures. */
  backoffMs?: (failures: number) => number;
  onChange?: () => void;
  log?: (message: string, error?: unknown) => void;
}

const BATCH = 10;

/**
 * Delivers the mailOutbox through the backend host. Each entry is claimed with a lease in a
 * transaction before it is sent, so two running copies of Ledgerdesk never send the same e-mail
 * at the same time; failures are retried with backoff, and after the last attempt the entry waits
 * for the administrator's Retry.
 */
export class MailDispatcher {
  private readonly owner = randomUUID();
  private readonly clock: Clock;
  private timer: unknown = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(private readonly options: MailDispatcherOptions) {
    this.clock = options.clock ?? systemClock;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.kick();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  /** Look at the queue now (after a commit that queued e-mails) instead of at the next poll. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.kick();
      } else this.schedule();
    });
  }

  /** Resolves when the current pass (if any) is over; for tests and shutdown. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      this.kick();
    }, this.options.pollMs ?? 5_000);
  }

  private async drain(): Promise<void> {
    const { outbox, log = console.error } = this.options;
    try {
      const token = await this.options.idToken();
      if (!token) return;
      if (this.options.deliversHere && !(await this.options.deliversHere())) return;
      const due = await outbox.due(this.clock.now(), BATCH);
      for (const id of due) {
        if (this.stopped) return;
        await this.deliver(id, token);
      }
      // A full batch means more may be waiting.
      if (due.length === BATCH) this.again = true;
    } catch (error) {
      log('The e-mail queue could not be read', error);
    }
  }

  private async deliver(id: string, token: string): Promise<void> {
    const { outbox, backend, leaseMs, backoffMs } = this.options;
    const delivered = await deliverQueuedMail(id, {
      outbox: {
        claim: async (...args) => {
          const claimed = await outbox.claim(...args);
          // The screen shows the entry as sending from the moment it is claimed.
          if (claimed) this.options.onChange?.();
          return claimed;
        },
        markSent: (...args) => outbox.markSent(...args),
        markFailed: (...args) => outbox.markFailed(...args)
      },
      send: (mail, key) => backend.sendMail(mail, token, key),
      owner: this.owner,
      nowMs: () => this.clock.now(),
      ...(leaseMs !== undefined ? { leaseMs } : {}),
      ...(backoffMs !== undefined ? { backoffMs } : {})
    });
    if (delivered !== 'not due') this.options.onChange?.();
  }
}
