import type { ReactNode } from 'react';
import type { ApprovalRequest } from '@shared/contract';
import type { ApprovalKind } from '@shared/domain/approvals';
import { RequestPreview } from '../RequestPreview';
import { AdjustmentRequest } from './AdjustmentRequest';
import { CustomerDeletionRequest } from './CustomerDeletionRequest';
import { PayoutRequest } from './PayoutRequest';
import { PolicyRequest } from './PolicyRequest';
import { RiskRulesRequest } from './RiskRulesRequest';
import { TeamRequest } from './TeamRequest';
import { UnknownRequest } from './UnknownRequest';
import { WalletsRequest } from './WalletsRequest';

/** Each kind's view, in its own terms. */
const views: Record<ApprovalKind, (props: { request: ApprovalRequest }) => ReactNode> = {
  withdrawal: RequestPreview,
  payout: PayoutRequest,
  adjustment: AdjustmentRequest,
  customerDeletion: CustomerDeletionRequest,
  wallets: WalletsRequest,
  riskRules: RiskRulesRequest,
  policy: PolicyRequest,
  team: TeamRequest
};

/** What approving an open request would apply, in its kind's own terms; a kind not known here shows its decision's fields. */
export function KindView({ request }: { request: ApprovalRequest }) {
  const View = views[request.kind] ?? UnknownRequest;
  return <View request={request} />;
}
