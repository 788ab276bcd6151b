import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FindResult } from '@shared/contract';
import { api, call } from '../../../lib/api';
import { typeAheadQuery } from '../../../lib/type-ahead';

/**
 * Under a root of its own: a search is re-run as the administrator types, and its answers stay
 * fresh only briefly (a status shown in the results may have been changed since).
 */
export const findKeys = {
  all: ['records'] as const,
  find: (text: string) => [...findKeys.all, 'find', text] as const
};

/** Shorter text would offer half the customers; the box asks for more instead. */
export const MIN_FIND_LENGTH = 2;

/** What records.find accepts (src/shared/schemas/records.ts). */
const MAX_QUERY_LENGTH = 1500;
const nothing: FindResult = { matches: [], documentsRead: 0 };

export const findQuery = (text: string) =>
  queryOptions({
    queryKey: findKeys.find(text),
    // No id (at most 1,500 bytes) and no name is longer than the method accepts: nothing can match.
    queryFn: () => (text.length > MAX_QUERY_LENGTH ? Promise.resolve(nothing) : call(() => api().records.find({ query: text }))),
    staleTime: 10_000
  });

/** A pasted id of any record, or customers whose e-mail or name starts with the text. */
export function useFindRecords(text: string) {
  return useQuery({ ...findQuery(text), ...typeAheadQuery(text.length >= MIN_FIND_LENGTH) });
}
