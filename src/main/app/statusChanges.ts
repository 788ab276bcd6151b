import type { SessionUser, StatusOutcome } from '../../shared/contract';
import type { Changeset } from '../../shared/domain/changeset';
import { reasonOf } from '../../shared/domain/risk';
import { fail, ok, type Result } from '../../shared/result';
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

export interface StatusChoice {
  /** A preview's version: the reads must still be what it read. */
  version?: string;
  /** Why (a reason or a note); stored on the audit entry. */
  reason?: string | null;
}

/**
 * The reason and the warnings the decision was taken with, on its audit entry (whose stored notes
 * also list the warnings: auditNotes). The outcome's notes stay the rule's, as its preview said.
 */
function annotated(decision: Result<Changeset>, reason: string | null, warnings: string[]): Result<Changeset> {
  if (!decision.ok) return decision;
  const audit = decision.value.audit;
  return ok({ ...decision.value, audit: { ...audit, reason: reason ?? audit.reason, ...(warnings.length > 0 ? { warnings } : {}) } });
}

/** Warnings never block a decision: when they cannot be read, the audit entry says so instead. */
async function warningsOf(read: () => Promise<string[]>): Promise<string[]> {
  try {
    return await read();
  } catch (error) {
    return [`The risk checks could not be read (${error instanceof Error ? error.message : String(error)}).`];
  }
}

/**
 * One status change: the rule's reads and decision inside the transaction. Given the version of a
 * preview, what it covers (the record, and the figures the rule reads from other documents) must
 * still be what the preview read, or nothing is written (CONFLICT). The
 * rule's risk warnings are read first, outside the transaction, and recorded with the decision.
 */
export const statusChangeWith = <S extends string, I>(rule: StatusRule<S, I>) =>
  async (ctx: StatusChangeContext, id: string, status: S, choice: StatusChoice = {}): Promise<StatusOutcome> => {
    const reason = reasonOf(choice.reason);
    const warnings = rule.warnings ? await warningsOf(() => ctx.store.inspect((read) => rule.warnings!(read, id, status))) : [];
    return run(ctx, status, async (transaction) => {
      const { reader, reads } = recordingReader(transaction);
      const input = await rule.gather(reader, id, status, ctx.platformName);
      const decision = input.ok ? rule.decide(input.value, status, reason) : input;
      if (choice.version !== undefined && versionOf(reads, decision.ok ? decision.value : null) !== choice.version) {
        return fail('CONFLICT', STALE_VERSION);
      }
      return annotated(decision, reason, warnings);
    });
  };

