import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApprovalRequest } from '@shared/contract';
import { api, call } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { asOneAction } from '../../../lib/operations';
import { pendingCountsQuery } from '../../../lib/pending-counts';
import { keysMovedByMoney, rootKeys } from '../../../lib/query-keys';

/** What the screen lists: the requests waiting (the default), those decided one way or another, or all. */
export const approvalViews = ['open', 'decided', 'all'] as const;
export type ApprovalView = (typeof approvalViews)[number];

export const approvalKeys = { all: rootKeys.approvals, list: (view: ApprovalView) => [...rootKeys.approvals, 'list', view] as const };

/** Open: approvals.list in requires_review (the expired ones left out); Decided: every other state; All: both. */
async function listed(view: ApprovalView): Promise<ApprovalRequest[]> {
  const { requests } = await call(() => api().approvals.list(view === 'open' ? { state: 'requires_review' } : {}));
  return view === 'decided' ? requests.filter((request) => request.state !== 'requires_review') : requests;
}

export const useApprovals = (view: ApprovalView) =>
  useQuery({
    queryKey: approvalKeys.list(view),
    queryFn: () => listed(view),
    // The screen shows why it could not load, with Retry.
    meta: { silent: true }
  });

/**
 * One decision on a request, sent as one action (one operationId, kept for a retry; approving asks
 * for the password first where the main process wants it, and is sent again under the same id).
 * A refusal (FORBIDDEN: it is yours; CONFLICT: already closed) is shown by the card that asked.
 */
function useRequestChange<I extends { id: string }>(method: string, send: (input: I, operationId: string) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => asOneAction(method, input, (operationId) => send(input, operationId)),
    onSuccess: (answer) => notify.success(answer.message),
    onSettled: () => {
      // Whatever happened, show what is stored now: the request, the record it changed, the sidebar's count.
      for (const queryKey of [rootKeys.approvals, rootKeys.withdrawals, pendingCountsQuery.queryKey, ...keysMovedByMoney]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    }
  });
}

export const useDecide = () =>
  useRequestChange<{ id: string; decision: 'approve' | 'reject'; reason?: string }>('approvals.decide', (input, operationId) =>
    call(() => api().approvals.decide({ ...input, operationId }))
  );

// approvals.cancel takes no operationId: the main process keeps one cancellation per request.
export const useCancelRequest = () => useRequestChange<{ id: string }>('approvals.cancel', (input) => call(() => api().approvals.cancel(input)));
