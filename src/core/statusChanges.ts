import type { Administrator, StatusChangeInput, StatusOutcome } from '../shared/contract';
import { LAST_AUDIT_ID, type Changeset } from '../shared/domain/changeset';
import type { ReadDocument } from '../shared/domain/readVersion';
import { reasonOf } from '../shared/domain/risk';
import { REAUTH_REQUIRED_MESSAGE } from '../shared/domain/access';
import { fail, ok, type Result } from '../shared/result';
import type { Operation } from './operations';
import type { LedgerStore, TransactionReader } from './ports/ledgerStore';
import { CHANGED_SINCE_PREVIEW, recordingReader, versionOf } from './readVersion';
import type { StatusRule } from './statusRules';
import { needNow, requestedIn, underDualControl, type DualControl, type DualControlContext } from './dualControl';

/**
 * A status change, in the order it happens:
 * 1. the rule's risk warnings are read, outside the transaction (they inform, never block);
 * 2. inside one transaction, the rule gathers what it reads and decides;
 * 3. the decision must still be the one the preview announced (its version), or nothing is written;
 * 4. the reason and the warnings go onto the audit entry;
 * 5. the store commits the changes, the audit entry and the e-mails together;
 * 6. the e-mail dispatcher is woken when e-mails were queued.
 */

/** Who changes what, and where it is committed: built per call by the handlers (handlers/context.ts). */
export interface StatusChangeContext extends DualControlContext {
  store: LedgerStore;
  actor: Administrator;
  /** The administrator's action; its audit entry makes a replay answer the first outcome. */
  operation: Operation;
  platformName: string;
  /** Called after a commit that queued e-mails, so they go out now rather than at the next poll. */
  mailQueued?: () => void;
  /** The administrator confirmed their password within the step-up window (a change the rule guards needs it). */
  passwordConfirmed?: boolean;
}

/** The change asked for, as any list's contract method takes it; its operationId is the context's operation. */
export type StatusRequest<S extends string> = Omit<StatusChangeInput<S>, 'operationId'>;

/** Step 1. Warnings never block a decision: when they cannot be read, the audit entry says so instead. */
async function readWarnings<S extends string, I>(ctx: StatusChangeContext, rule: StatusRule<S, I>, request: StatusRequest<S>): Promise<string[]> {
  if (!rule.warnings) return [];
  try {
    return await ctx.store.inspect((read) => rule.warnings!(read, request.id, request.status));
  } catch (error) {
    return [`The risk checks could not be read (${error instanceof Error ? error.message : String(error)}).`];
  }
}

/** Steps 2 to 4, inside the transaction: gather, decide, check the version, annotate. */
async function decideInTransaction<S extends string, I>(
  transaction: TransactionReader,
  rule: StatusRule<S, I>,
  request: StatusRequest<S>,
  taken: { platformName: string; reason: string | null; warnings: string[]; passwordConfirmed: boolean },
  dual: DualControl
): Promise<Result<Changeset>> {
  const { reader, reads } = recordingReader(transaction);
  const input = await rule.gather(reader, request.id, request.status, taken.platformName, request.txid);
  // Decided on what the transaction read: the amount that needs the password is the committed one.
  if (input.ok && rule.stepUp?.(input.value, request.status) && !taken.passwordConfirmed) return fail('STEP_UP_REQUIRED', REAUTH_REQUIRED_MESSAGE);
  const decision = input.ok ? rule.decide(input.value, request.status, { reason: taken.reason, overrideReason: request.overrideReason ?? null }) : input;
  if (request.version !== undefined && versionOf(withoutRequestEntry(reads, dual), decision.ok ? decision.value : null) !== request.version) {
    return fail('STALE_VERSION', CHANGED_SINCE_PREVIEW);
  }
  if (!decision.ok) return decision;
  // The outcome's notes stay the rule's, as its preview said; the stored notes also list the warnings (auditNotes).
  const audit = decision.value.audit;
  const warnings = taken.warnings.length > 0 ? { warnings: taken.warnings } : {};
  const decided = { ...decision.value, audit: { ...audit, reason: taken.reason ?? audit.reason, ...warnings } };
  const need = await needNow(transaction, input.ok ? (rule.approval?.(input.value, request.status, request.id) ?? null) : null, dual);
  if (need === 'gone') return fail('NOT_FOUND', 'This approval request no longer exists.');
  // The version the approver's commit will rebuild: this read, once the request's own commit has named it on the record.
  const versionAsked = () => versionOf(afterAsking(reads, need?.target ?? '', dual.operationId), decision.value);
  return need ? underDualControl(transaction, need, decided, { decision: request, previewVersion: versionAsked() }, dual) : ok(decided);
}

/**
 * The approver's reads without the request's own audit entry (its id is the request's): a rule that
 * reads the record's audit history (a payout's) finds it, while the version the maker asked with could not.
 */
const withoutRequestEntry = (reads: readonly ReadDocument[], dual: DualControl): readonly ReadDocument[] =>
  dual.approval ? reads.filter((read) => read.path !== `auditLog/${dual.approval!.id}`) : reads;

/** The reads as the approver will find them: the record names the request, written under the request's own audit entry. */
const afterAsking = (reads: readonly ReadDocument[], target: string, requestId: string): ReadDocument[] =>
  reads.map((read) =>
    read.path === target && read.data ? { ...read, data: { ...read.data, approvalRequestId: requestId, [LAST_AUDIT_ID]: requestId } } : read
  );

/** What the screen is told of a committed change (and what a replay answers again). */
const outcomeOf =
  (status: string, requestId: string) =>
  (done: Changeset): StatusOutcome => {
    // A covered change made a request instead: the record keeps its status until another administrator approves.
    const requested = requestedIn(done, requestId);
    return {
      status: requested ? 'awaiting approval' : status,
      message: done.message,
      effects: done.effects,
      notes: done.audit.notes,
      emailsQueued: done.emails.length,
      ...(requested ? { approvalRequestId: requestId } : {})
    };
  };

/** One status machine's change, steps 1 to 6. */
export const changeStatusWith =
  <S extends string, I>(rule: StatusRule<S, I>) =>
  async (ctx: StatusChangeContext, request: StatusRequest<S>): Promise<StatusOutcome> => {
    const reason = reasonOf(request.reason);
    const warnings = await readWarnings(ctx, rule, request);
    const { answer, changeset } = await ctx.store.transact({
      operation: ctx.operation,
      actor: ctx.actor,
      decide: (transaction) =>
        decideInTransaction(
          transaction,
          rule,
          request,
          {
            platformName: ctx.platformName,
            reason,
            warnings,
            passwordConfirmed: ctx.passwordConfirmed === true
          },
          {
            actor: ctx.actor,
            operationId: ctx.operation.id,
            method: ctx.method ?? 'setStatus',
            approval: ctx.approval ?? null,
            now: (ctx.now ?? Date.now)()
          }
        ),
      answer: outcomeOf(request.status, ctx.operation.id)
    });
    if (changeset && changeset.emails.length > 0) ctx.mailQueued?.();
    return answer;
  };
