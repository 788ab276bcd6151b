import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { MailState } from '@shared/contract';
import { pagedQuery, pageFetcher } from '../../../components/data-table/paged-query';
import { api, call } from '../../../lib/api';
import { rootKeys } from '../../../lib/query-keys';

/** The queue changes on its own (the dispatcher sends in the background): re-read it while it is on screen. */
const POLL_MS = 10_000;

export const mailKeys = {
  all: rootKeys.mail,
  outbox: (state: MailState | null) => [...rootKeys.mail, 'outbox', state ?? 'all'] as const,
  outboxCounts: () => [...rootKeys.mail, 'outboxCounts'] as const
};

export const useMailOutbox = (state: MailState | null) =>
  useInfiniteQuery({
    ...pagedQuery(
      mailKeys.outbox(state),
      pageFetcher((input) => api().mail.outbox({ ...input, ...(state ? { state } : {}) })),
      'Failed to load the e-mail queue.'
    ),
    refetchInterval: POLL_MS
  });

export const useOutboxCounts = () =>
  useQuery({
    queryKey: mailKeys.outboxCounts(),
    queryFn: () => call(() => api().mail.counts({})),
    refetchInterval: POLL_MS,
    meta: { errorTitle: 'Failed to load the e-mail counts.' }
  });
