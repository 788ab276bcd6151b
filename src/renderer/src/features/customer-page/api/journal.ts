import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { pagedQuery, pageFetcher } from '../../../components/data-table/paged-query';
import { api, call } from '../../../lib/api';
import { rootKeys } from '../../../lib/query-keys';

/**
 * A customer's journal and statements (docs/product-rules.md §6.10). Under 'users', so a change made
 * anywhere (Manage, a decision) refreshes the tab: the functions may have journaled it meanwhile.
 */
export const journalKeys = {
  all: (id: string) => [...rootKeys.users, 'journal', id] as const,
  page: (id: string, outsideOnly: boolean) => [...rootKeys.users, 'journal', id, { outsideOnly }] as const,
  statement: (id: string, from: string, to: string) => [...rootKeys.users, 'journal', id, 'statement', from, to] as const
};

/** The journal newest first, 25 a page; outsideOnly keeps the changes made outside Ledgerdesk. */
export const useCustomerJournal = (id: string, outsideOnly = false, enabled = true) =>
  useInfiniteQuery({
    ...pagedQuery(
      journalKeys.page(id, outsideOnly),
      pageFetcher((input) => api().users.journal({ ...input, id, ...(outsideOnly ? { outsideOnly } : {}) }))
    ),
    enabled,
    meta: { silent: true }
  });

/** A statement over a period of the administrator's calendar, as the instants it starts and ends at; read when a period is chosen. */
export const useStatement = (id: string, period: { from: string; to: string } | null) =>
  useQuery({
    queryKey: journalKeys.statement(id, period?.from ?? '', period?.to ?? ''),
    queryFn: () => call(() => api().users.statement({ id, from: period!.from, to: period!.to })),
    enabled: period !== null,
    staleTime: 0,
    retry: false,
    meta: { silent: true }
  });
