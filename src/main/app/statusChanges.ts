import type { SessionUser, StatusOutcome } from '../../shared/contract';
import type { Changeset } from '../../shared/domain/changeset';
import { fail, type Result } from '../../shared/result';
import type { Operation } from './operations';
import type { LedgerStore, TransactionReader } from './ports/ledgerStore';
import { recordingReader, STALE_VERSION, versionOf } from './readVersion';
import type { StatusRule } from './statusRules';

/**
 * The status-change use-cases: read what the rule needs inside the transaction, let the pure
 * domain rule decide, and let the store commit the decision (or nothing) atomically.
 */

export interface StatusChangeContext {
  store: LedgerStore;
  actor: SessionUser;
  /** The administrator's action; its audit entry makes a replay answer the first outcome. */
  operation: Operation;
  platformName: string;
  /** Called after a commit that queued e-mails, so they go out now rather than at the next poll. */
  mailQueued?: () => void;
}

async function run(
  ctx: StatusChangeContext,
  status: string,
  decide: (read: TransactionReader) => Promise<Result<Changeset>>
): Promise<StatusOutcome> {
  const { answer, changeset } = await ctx.store.transact(
    ctx.operation,
    decide,
    (done): StatusOutcome => ({
      status,
      message: done.message,
      effects: done.effects,
      notes: done.audit.notes,
      emailsQueued: done.emails.length
    }),
    ctx.actor
  );
  if (changeset && changeset.emails.length > 0) ctx.mailQueued?.();
  return answer;
}

/**
 * One status change: the rule's reads and decision inside the transaction. Given the version of a
 * preview, the reads must still be what the preview read, or nothing is written (CONFLICT).
 */
export const statusChangeWith = <S extends string, I>(rule: StatusRule<S, I>) =>
  (ctx: StatusChangeContext, id: string, status: S, version?: string): Promise<StatusOutcome> =>
    run(ctx, status, async (transaction) => {
      const { reader, reads } = recordingReader(transaction);
      const input = await rule.gather(reader, id, status, ctx.platformName);
      if (version !== undefined && versionOf(reads) !== version) return fail('CONFLICT', STALE_VERSION);
      return input.ok ? rule.decide(input.value, status) : input;
    });

