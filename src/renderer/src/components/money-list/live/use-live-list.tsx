import type { ReactNode } from 'react';
import type { MoneyQueryInput } from '../filters';
import type { MoneyList, MoneyRow } from '../money-list';

/** How a row looks while live work marks it: fading out because it left the filters, or just arrived. */
export interface LiveRowDecoration {
  className?: string;
  /** A short note shown on the row (why it is leaving). */
  note?: ReactNode;
}

export interface LiveList {
  /** The "3 new - show" pill and the offline note, shown above the table. */
  banner: ReactNode;
  decorate: (rowId: string) => LiveRowDecoration | undefined;
}

/**
 * Keeps the list on screen live: the main process watches its first page and pushes changes.
 * (Filled in by the live work change; until then the list is as it was.)
 */
export function useLiveList<T extends MoneyRow>(_list: MoneyList<T>, _input: MoneyQueryInput, _enabled: boolean): LiveList {
  return { banner: null, decorate: () => undefined };
}
