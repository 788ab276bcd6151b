import { randomUUID } from 'node:crypto';
import type { Administrator } from '../shared/contract';
import { accessChangeset, type AccessFacts } from '../shared/domain/access';
import { AppError, ok } from '../shared/result';
import type { AccessRecorder } from './ports/accessRecorder';
import type { AccessBacklog, UnwrittenAccess } from './ports/accessBacklog';
import type { LedgerStore } from './ports/ledgerStore';

/** Events kept while no administrator can write them; beyond this the oldest give way. */
export const ACCESS_BACKLOG_MAX = 200;

export interface AccessLogDeps {
  /** The platform's store; null while Ledgerdesk is not connected (nothing can be written). */
  store: LedgerStore | null;
  /** The events not written yet, oldest first. */
  backlog: AccessBacklog;
  log?: (message: string, error: unknown) => void;
  newId?: () => string;
}

/**
 * Sign-ins, refused sign-ins, sign-outs and password confirmations as audit entries
 * (docs/product-rules.md §11.1). firestore.rules let only the signed-in administrator create an
 * audit entry, signed with their uid at the server's time, so nothing else can write one: an event
 * joins the backlog of unwritten events first (with the id its entry will have) and is written, in
 * the order events happened, under the first administrator session that can. A refused sign-in has
 * no such session: it waits and is written when the administrator next signs in, before their own
 * sign-in. Each entry's id is fixed when the event happens, so writing it again after a lost reply
 * writes nothing new.
 */
export class AccessLog implements AccessRecorder {
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly deps: AccessLogDeps) {}

  record(facts: AccessFacts, actor: Administrator | null): Promise<void> {
    const event: UnwrittenAccess = { id: (this.deps.newId ?? randomUUID)(), facts };
    this.deps.backlog.write([...this.deps.backlog.read(), event].slice(-ACCESS_BACKLOG_MAX));
    return actor ? this.flush(actor) : Promise.resolve();
  }

  /** Writes every waiting event, oldest first, under this administrator; stops at the first that fails (kept for later). */
  flush(actor: Administrator): Promise<void> {
    this.chain = this.chain.then(() => this.writeAll(actor));
    return this.chain;
  }

  /** Resolves once every write asked for so far has been tried (tests wait on it). */
  settled(): Promise<void> {
    return this.chain;
  }

  /** How many events wait for an administrator session. */
  waiting(): number {
    return this.deps.backlog.read().length;
  }

  private async writeAll(actor: Administrator): Promise<void> {
    const store = this.deps.store;
    if (!store) return;
    for (const event of this.deps.backlog.read()) {
      try {
        await store.transact({
          operation: { id: event.id, fingerprint: `access:${event.id}` },
          actor,
          decide: async () => ok(accessChangeset(event.facts)),
          answer: () => null
        });
      } catch (error) {
        // Another entry already holds this id: nothing of ours to write. Anything else: try again at the next session.
        if (!(error instanceof AppError && error.code === 'CONFLICT')) {
          this.deps.log?.('An access event could not be written to the audit log yet', error);
          return;
        }
      }
      this.deps.backlog.write(this.deps.backlog.read().filter((unwritten) => unwritten.id !== event.id));
    }
  }
}
