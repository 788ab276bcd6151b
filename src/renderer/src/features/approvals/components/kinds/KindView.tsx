import type { ApprovalRequest } from '@shared/contract';
import { RequestPreview } from '../RequestPreview';
import { AdjustmentRequest } from './AdjustmentRequest';
import { CustomerDeletionRequest } from './CustomerDeletionRequest';
import { PayoutRequest } from './PayoutRequest';
import { PolicyRequest } from './PolicyRequest';
import { RiskRulesRequest } from './RiskRulesRequest';
import { TeamRequest } from './TeamRequest';
import { UnknownRequest } from './UnknownRequest';
import { WalletsRequest } from './WalletsRequest';

/** What approving an open request would apply, in its kind's own terms; a kind not known here shows its decision's fields. */
export function KindView({ request }: { request: ApprovalRequest }) {
  switch (request.kind) {
    case 'withdrawal':
      return <RequestPreview request={request} />;
    case 'payout':
      return <PayoutRequest request={request} />;
    case 'adjustment':
      return <AdjustmentRequest request={request} />;
    case 'customerDeletion':
      return <CustomerDeletionRequest request={request} />;
    case 'wallets':
      return <WalletsRequest request={request} />;
    case 'riskRules':
      return <RiskRulesRequest request={request} />;
    case 'policy':
      return <PolicyRequest request={request} />;
    case 'team':
      return <TeamRequest request={request} />;
    default:
      return <UnknownRequest request={request} />;
  }
}
