import type { ApprovalRequest } from '@shared/contract';
import { customerPagePath, paths } from '../../../../lib/paths';
import { targetId } from './parts';

/**
 * Where a request's record is shown: a withdrawal or an investment in its list, starting at it
 * (`?focus=`), a customer on their page, a settings document on its screen; null where no screen shows it.
 */
export function targetLink(request: Pick<ApprovalRequest, 'kind' | 'target'>): { to: string; label: string } | null {
  const id = encodeURIComponent(targetId(request));
  switch (request.kind) {
    case 'withdrawal':
      return { to: `${paths.withdrawals}?focus=${id}`, label: 'Open the withdrawal' };
    case 'payout':
      return { to: `${paths.investments}?focus=${id}`, label: 'Open the investment' };
    case 'adjustment':
    case 'customerDeletion':
      return { to: customerPagePath(targetId(request)), label: "Open the customer's page" };
    case 'wallets':
      return { to: paths.wallets, label: 'Open Admin Wallet Addresses' };
    case 'riskRules':
      return { to: paths.riskRules, label: 'Open Risk rules' };
    case 'team':
      return { to: paths.team, label: 'Open Team' };
    case 'policy':
      return { to: paths.plans, label: 'Open the platform settings' };
    default:
      return null;
  }
}
