import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailState } from '../../../../../shared/contract';
import { pagedQuery, pageFetcher } from '../../../components/data-table/paged-query';
import { api, call, errorMessage } from '../../../lib/api';
import { asOneAction } from '../../../lib/operations';
import { notify } from '../../../lib/notify';
import { rootKeys } from '../../../lib/query-keys';

/** The queue changes on its own (the dispatcher sends in the background): re-read it while it is on screen. */
const POLL_MS = 10_000;

export const mailKeys = {
  all: rootKeys.mail,
  outbox: (state: MailState | null) => [...rootKeys.mail, 'outbox', state ?? 'all'] as const,
  counts: () => [...rootKeys.mail, 'counts'] as const
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

export const useMailCounts = () =>
  useQuery({
    queryKey: mailKeys.counts(),
    queryFn: () => call(() => api().mail.counts({})),
    refetchInterval: POLL_MS,
    meta: { errorTitle: 'Failed to load the e-mail counts.' }
  });

/** Puts a failed e-mail back in the queue. */
export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => asOneAction('mail.retry', { id }, (operationId) => call(() => api().mail.retry({ id, operationId }))),
    onSuccess() {
      notify.success('E-mail queued again.');
    },
    onError(error) {
      notify.error('Could not queue the e-mail again.', errorMessage(error));
    },
    onSettled() {
      void queryClient.invalidateQueries({ queryKey: mailKeys.all });
    }
  });
}
