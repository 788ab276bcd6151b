import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, call } from '../../../lib/api';

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

export const findQuery = (text: string) =>
  queryOptions({
    queryKey: findKeys.find(text),
    queryFn: () => call(() => api().records.find({ query: text })),
    staleTime: 10_000
  });

/** A pasted id of any record, or customers whose e-mail or name starts with the text. */
export function useFindRecords(text: string) {
  const enabled = text.length >= MIN_FIND_LENGTH;
  return useQuery({
    ...findQuery(text),
    enabled,
    // While the next search runs, the last results stay instead of flashing empty.
    placeholderData: enabled ? keepPreviousData : undefined,
    // The box says so itself, under the field.
    meta: { silent: true }
  });
}
