import { formatCount } from '../../../lib/format';
import { Button } from '../../../components/ui/Button';
import { MATCHING_LIMIT, type MatchingState } from './select-matching';

interface MatchingNoteProps<T> {
  state: MatchingState<T>;
  /** Rows selected on the loaded pages, and how many the filters match. */
  pageCount: number;
  total: number | null;
  noun: { one: string; many: string };
  onSelectAll: () => void;
  onCancel: () => void;
}

/**
 * Under the bulk bar once a whole page is selected: "Select all 237 matching" (the first 500 at
 * most), the progress of reading them, or that they are all selected.
 */
export function MatchingNote<T>({ state, pageCount, total, noun, onSelectAll, onCancel }: MatchingNoteProps<T>) {
  const text = 'text-sm text-indigo-950';
  if (state.kind === 'reading') {
    return (
      <p role="status" className={text}>
        Selecting every matching {noun.one}… {formatCount(state.read)} of {formatCount(state.wanted)} read.{' '}
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </p>
    );
  }
  if (state.kind === 'selected') {
    const all = state.rows.length >= state.total;
    return (
      <p role="status" className={text}>
        {all
          ? `All ${formatCount(state.rows.length)} matching ${noun.many} are selected.`
          : `The first ${formatCount(state.rows.length)} of ${formatCount(state.total)} matching ${noun.many} are selected (${formatCount(MATCHING_LIMIT)} at most at once).`}
      </p>
    );
  }
  if (total === null || total <= pageCount) return null;
  return (
    <p className={text}>
      {state.kind === 'failed' && <span className="mr-2 text-rose-700">Could not select them: {state.message}</span>}
      All {formatCount(pageCount)} loaded {pageCount === 1 ? noun.one : noun.many} are selected.{' '}
      <Button variant="ghost" size="sm" className="text-indigo-700 underline underline-offset-2" onClick={onSelectAll}>
        {total > MATCHING_LIMIT
          ? `Select the first ${formatCount(MATCHING_LIMIT)} of ${formatCount(total)} matching`
          : `Select all ${formatCount(total)} matching`}
      </Button>
    </p>
  );
}
