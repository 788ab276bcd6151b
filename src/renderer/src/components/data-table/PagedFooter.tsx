import { Info } from 'lucide-react';
import { formatCount } from '../../lib/format';
import { Button } from '../ui/Button';
import { PageSizeSelect } from './PageSizeSelect';

export interface Noun {
  one: string;
  many: string;
}

interface PagedFooterProps {
  shown: number;
  total: number | null;
  /** Records that exist but cannot be listed (they lack the field the list is sorted by). */
  unlisted: number | null;
  noun: Noun;
  /** e.g. "timestamp": "3 deposits have no timestamp and are not listed." */
  sortField: string;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** The Load More button's text. */
  loadMoreLabel?: string;
  /** Rows per page, where the list lets the administrator choose it. */
  pageSize?: PageSizeChoice;
}

export interface PageSizeChoice {
  value: number;
  sizes: readonly number[];
  onChange: (size: number) => void;
}

export function unlistedNote(count: number, noun: Noun, sortField: string): string {
  return count === 1 ? `1 ${noun.one} has no ${sortField} and is not listed.` : `${formatCount(count)} ${noun.many} have no ${sortField} and are not listed.`;
}

/** "Showing 20 of 200", the note about unlisted records, and Load More while pages remain. */
export function PagedFooter({
  shown,
  total,
  unlisted,
  noun,
  sortField,
  hasMore,
  loadingMore,
  onLoadMore,
  loadMoreLabel = 'Load More',
  pageSize
}: PagedFooterProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3 border-t border-slate-200 px-5 py-3">
      <div className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-slate-500">
        <p role="status" className="tabular-nums">
          Showing {formatCount(shown)}
          {total !== null ? ` of ${formatCount(total)}` : ''} {(total ?? shown) === 1 ? noun.one : noun.many}
        </p>
        {unlisted !== null && unlisted > 0 && (
          <p className="flex items-center gap-1.5 text-xs">
            <Info aria-hidden className="size-3.5 text-slate-400" />
            {unlistedNote(unlisted, noun, sortField)}
          </p>
        )}
      </div>
      <div className="flex items-center gap-4">
        {pageSize && <PageSizeSelect {...pageSize} />}
        {hasMore && (
          <Button variant="secondary" size="sm" busy={loadingMore} onClick={onLoadMore}>
            {loadMoreLabel}
          </Button>
        )}
      </div>
    </div>
  );
}
