import type { StatusOutcome, StatusPreview } from '@shared/contract';
import { rebaseVersion } from '@shared/domain/readVersion';
import { statusLabel } from '@shared/domain/statuses';
import { errorMessage, isApiError } from '../../../lib/api';
import type { PreviewAsked } from '../../status/DecisionDialog';

/** One selected record against the status asked: it changes (with what its preview says), or it cannot and why. */
export type Judged<T> = { row: T; kind: 'changes'; preview: StatusPreview } | { row: T; kind: 'cannot'; why: string };

/** What judging a record reads of its list's status change (modules/status/status-change.ts): its lock and its preview. */
interface Judge<T, S extends string> {
  lock?: (row: T) => string | null;
  preview: (id: string, status: S, asked: PreviewAsked) => Promise<StatusPreview>;
}

/** How many previews are read at once: quick for a page, gentle on the database. */
export const PREVIEWS_AT_ONCE = 4;

/**
 * Each record's preview for `status`, a few at a time, in the order of `rows`. A record already in
 * that status or locked is not asked about; a refused or failed preview says why.
 */
export async function judgeAll<T extends { id: string; status: string }, S extends string>(
  rows: readonly T[],
  status: S,
  { lock, preview }: Judge<T, S>,
  onJudged: (done: number) => void = () => undefined
): Promise<Judged<T>[]> {
  const judged: Judged<T>[] = new Array(rows.length);
  let next = 0;
  let done = 0;
  const judge = async (row: T): Promise<Judged<T>> => {
    if (row.status === status) return { row, kind: 'cannot', why: `Already ${statusLabel(status)}.` };
    const locked = lock?.(row);
    if (locked) return { row, kind: 'cannot', why: locked };
    try {
      // A bulk decision sends no txid and no override reason (docs/product-rules.md §5.6): previewed without them.
      const answer = await preview(row.id, status, {});
      return answer.allowed ? { row, kind: 'changes', preview: answer } : { row, kind: 'cannot', why: answer.refusal?.message ?? 'The rule refuses it.' };
    } catch (error) {
      return { row, kind: 'cannot', why: `Could not tell what this change would do: ${errorMessage(error)}` };
    }
  };
  const worker = async () => {
    while (next < rows.length) {
      const index = next++;
      judged[index] = await judge(rows[index]!);
      onJudged(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PREVIEWS_AT_ONCE, rows.length) }, worker));
  return judged;
}

/** "Total deposit", "Balance (referral bonus)": an effect's figure without whose it is. */
export const figureOf = (label: string): string => label.replace(/ of .+?(?= \(|$)/, '');

/** The money the changes move, summed per figure in cents: [{figure: "Total deposit", cents: 40000}]. */
export function moneyMoved(previews: readonly Pick<StatusPreview, 'effects'>[]): { figure: string; cents: number }[] {
  const sums = new Map<string, number>();
  for (const effect of previews.flatMap((preview) => preview.effects)) {
    const figure = figureOf(effect.label);
    sums.set(figure, (sums.get(figure) ?? 0) + Math.round(effect.after * 100) - Math.round(effect.before * 100));
  }
  return [...sums].map(([figure, cents]) => ({ figure, cents }));
}

/**
 * A record after the run: changed, asked for a second administrator's approval (the policy covers it:
 * nothing applied yet), refused (with the reason, and what its change would do now when it was
 * refused because it changed), or left untouched because the run was stopped.
 */
export type RunResult<T> =
  | { row: T; kind: 'done'; outcome: StatusOutcome }
  | { row: T; kind: 'asked'; outcome: StatusOutcome & { approvalRequestId: string } }
  | { row: T; kind: 'refused'; why: string; now?: StatusPreview | null }
  | { row: T; kind: 'untouched' };

interface RunControl<T> {
  /** Checked before each record: once true, the record in flight finishes and the rest stay untouched. */
  stopped: () => boolean;
  onResult: (result: RunResult<T>, index: number) => void;
  /** A record refused as changed since its preview (STALE_VERSION) is previewed again, so the result shows what it would do now. */
  reread?: (row: T) => Promise<StatusPreview>;
}

/**
 * Saves each record one after another, each its own action with its own preview's version, so the
 * main process runs each in its own transaction: one refused never undoes or blocks the others.
 * Records of one customer share figures: each version is rebased on the figures the run's earlier
 * records moved (their outcomes name each figure and the value it was left at), so the run's own
 * changes are expected and a change anyone else made meanwhile is still refused.
 */
export async function runBulk<T>(
  items: readonly { row: T; preview: StatusPreview }[],
  save: (row: T, version: string) => Promise<StatusOutcome>,
  { stopped, onResult, reread }: RunControl<T>
): Promise<RunResult<T>[]> {
  const results: RunResult<T>[] = [];
  const moved = new Map<string, number>();
  for (const [index, { row, preview }] of items.entries()) {
    let result: RunResult<T>;
    if (stopped()) result = { row, kind: 'untouched' };
    else {
      try {
        const outcome = await save(row, rebaseVersion(preview.version, moved));
        for (const effect of outcome.effects) if (effect.key) moved.set(effect.key, effect.after);
        const { approvalRequestId } = outcome;
        result = approvalRequestId ? { row, kind: 'asked', outcome: { ...outcome, approvalRequestId } } : { row, kind: 'done', outcome };
      } catch (error) {
        const changed = isApiError(error, 'STALE_VERSION') && reread;
        result = { row, kind: 'refused', why: errorMessage(error), ...(changed ? { now: await reread(row).catch(() => null) } : {}) };
      }
    }
    results.push(result);
    onResult(result, index);
  }
  return results;
}
