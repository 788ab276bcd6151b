import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { typeAheadQuery } from '../../lib/type-ahead';
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
  return useQuery({ ...customerSearchQuery(text), ...typeAheadQuery(text.length >= MIN_SEARCH_LENGTH), staleTime: 30_000 });
}
