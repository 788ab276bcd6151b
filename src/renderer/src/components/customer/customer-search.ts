import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { customerSearchQuery } from './customer-queries';

/** Fewer characters would match half the customers; the picker asks for more instead. */
export const MIN_SEARCH_LENGTH = 2;

export function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** Customers whose e-mail or name starts with the text: a few small prefix queries in main, never every customer. */
export function useCustomerSearch(text: string) {
  const enabled = text.length >= MIN_SEARCH_LENGTH;
  return useQuery({
    ...customerSearchQuery(text),
    enabled,
    // While the next search runs, the last results stay instead of flashing empty.
    placeholderData: enabled ? keepPreviousData : undefined,
    staleTime: 30_000,
    // The picker says so itself, beside the field.
    meta: { silent: true }
  });
}
