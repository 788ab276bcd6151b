import { useRef, useState } from 'react';
import type { Page } from '@shared/contract';
import { errorMessage } from '../../../lib/api';

/** The most records one bulk decision takes: beyond it, narrow the filters first. */
export const MATCHING_LIMIT = 500;
/** Matching records are read 100 to a page (page size + 1 documents each), by cursor. */
export const MATCHING_PAGE = 100;

export type MatchingState<T> =
  { kind: 'none' } | { kind: 'reading'; read: number; wanted: number } | { kind: 'selected'; rows: T[]; total: number } | { kind: 'failed'; message: string };

/**
 * Every record of the list's filters, not only the loaded pages, up to MATCHING_LIMIT: read page
 * by page with the list's own cursor, so each read is a page size + 1 like any page of the list.
 * Dropped when the filters change (`resetKey`); Cancel stops between two pages.
 */
export function useSelectMatching<T>(fetchPage: (cursor: string | null, pageSize: number) => Promise<Page<T>>, resetKey: string) {
  const [state, setState] = useState<{ key: string; value: MatchingState<T> }>({ key: resetKey, value: { kind: 'none' } });
  const run = useRef(0);
  const current: MatchingState<T> = state.key === resetKey ? state.value : { kind: 'none' };
  const set = (value: MatchingState<T>) => setState({ key: resetKey, value });

  const select = async (total: number) => {
    const mine = ++run.current;
    const wanted = Math.min(total, MATCHING_LIMIT);
    const rows: T[] = [];
    let cursor: string | null = null;
    set({ kind: 'reading', read: 0, wanted });
    try {
      do {
        const page: Page<T> = await fetchPage(cursor, Math.min(MATCHING_PAGE, MATCHING_LIMIT - rows.length));
        if (run.current !== mine) return;
        rows.push(...page.rows);
        cursor = page.nextCursor;
        set({ kind: 'reading', read: rows.length, wanted });
      } while (cursor && rows.length < MATCHING_LIMIT);
      set({ kind: 'selected', rows: rows.slice(0, MATCHING_LIMIT), total });
    } catch (error) {
      if (run.current === mine) set({ kind: 'failed', message: errorMessage(error) });
    }
  };

  const clear = () => {
    run.current++;
    set({ kind: 'none' });
  };

  return { state: current, select, clear };
}
