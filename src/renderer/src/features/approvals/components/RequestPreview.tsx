import { useQuery } from '@tanstack/react-query';
import type { ApprovalRequest } from '@shared/contract';
import { withdrawalStatuses } from '@shared/domain/statuses';
import { Notice } from '../../../components/ui/Notice';
import { api, call, errorMessage } from '../../../lib/api';
import { factsKey, freshFacts } from '../../../modules/review-list/facts';
import { WithdrawalRiskPanel, WithdrawalWarnings } from '../../../modules/withdrawals/withdrawal-facts';
import { ApprovingWould, targetId, text, Working } from './kinds/parts';

/** What approving would do now: the withdrawal's own preview of the exact decision asked (its status, txid and override reason). */
function useDecisionPreview(request: ApprovalRequest) {
  const { status, txid, overrideReason } = request.decision;
  return useQuery({
    queryKey: [...factsKey('approvals', request.id), 'preview'],
    queryFn: () =>
      call(() =>
        api().withdrawals.preview({
          id: targetId(request),
          // The status the request would set (the policy covers approvals); read as stored, approved when unreadable.
          status: withdrawalStatuses.find((known) => known === status) ?? 'approved',
          ...(text(txid) ? { txid: text(txid) } : {}),
          ...(text(overrideReason) ? { overrideReason: text(overrideReason) } : {})
        })
      ),
    ...freshFacts
  });
}

/**
 * What the approver decides from, as the maker saw it: the withdrawal's facts (amount, customer,
 * address and its checks), what approving would do now, and the risk warnings.
 */
export function RequestPreview({ request }: { request: ApprovalRequest }) {
  const preview = useDecisionPreview(request);
  const id = targetId(request);
  return (
    <div className="space-y-3">
      <WithdrawalRiskPanel id={id} />
      {preview.isError ? (
        <Notice tone="error">Could not tell what approving would do: {errorMessage(preview.error)}</Notice>
      ) : !preview.data ? (
        <Working says="Working out what approving does…" />
      ) : (
        <ApprovingWould preview={preview.data} />
      )}
      <WithdrawalWarnings id={id} />
    </div>
  );
}
