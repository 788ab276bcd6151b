import { createHash, randomUUID } from 'node:crypto';
import { systemClock, type Clock } from '../session/idleTimer';
import type { BackendHost } from './ports/backendHost';
import type { MailOutbox } from './ports/mailOutbox';

/**
 * The backend host's Idempotency-Key for one queued e-mail: the same for every automatic attempt,
 * so an attempt whose reply was lost after the host sent it is answered, not sent again. Each
 * Retry by the administrator (an attempt past the automatic ones) is a new action with a new key:
 * the host refuses for good to resend under a key whose first send was interrupted, and only the
 * administrator may decide to send again. Outbox ids are not UUIDs, so the key is a UUID-shaped digest.
 */
export const deliveryKey = (outboxId: string, attempt: number, maxAttempts: number): string => {
  const round = attempt <= maxAttempts ? 'automatic' : `retry-${attempt}`;
  const hex = createHash('sha256').update(`mailOutbox/${outboxId}/${round}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

export interface MailDispatcherOptions {
  outbox: MailOutbox;
  backend: BackendHost;
  /** The signed-in administrator's ID token, or null when nobody is signed in (nothing is sent). */
  idToken: () => Promise<string | null>;
  clock?: Clock;
  pollMs?: number;
  leaseMs?: number;
  maxAttempts?: number;
  /** Delay before attempt n+1 after n failures. */
  backoffMs?: (failures: number) => number;
  onChange?: () => void;
  log?: (message: string, error?: unknown) => void;
}

/** 5 s, 10 s, 20 s ... capped at 10 minutes. */
export const defaultBackoff = (failures: number): number => Math.min(5_000 * 2 ** Math.max(0, failures - 1), 600_000);

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
    const { outbox, backend, leaseMs = 60_000, maxAttempts = 8, backoffMs = defaultBackoff } = this.options;
    const claimed = await outbox.claim(id, this.clock.now(), leaseMs, this.owner);
    if (!claimed) return;
    this.options.onChange?.();
    try {
      await backend.sendMail(
        {
          email: claimed.to,
          subject: claimed.subject,
          CompanyName: claimed.companyName,
          htmlToSend: claimed.html,
          textToSend: claimed.text
        },
        token,
        deliveryKey(id, claimed.attempts, maxAttempts)
      );
      await outbox.markSent(id, this.owner);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const retryAt = claimed.attempts >= maxAttempts ? null : this.clock.now() + backoffMs(claimed.attempts);
      await outbox.markFailed(id, this.owner, reason, retryAt);
    }
    this.options.onChange?.();
  }
}
