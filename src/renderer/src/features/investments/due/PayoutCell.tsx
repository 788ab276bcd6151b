import type { InvestmentRow } from '@shared/contract';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { rowWho } from '../../../modules/review-list/status-change';
import { RowDecision } from '../../../modules/status/StatusChangeCell';
import { useStatusChange, type StatusChange } from '../../../modules/status/status-change';
import { useAsking } from '../../../modules/status/status-requests';

/**
 * A due row's Pay out: the decision on its preview, then one payout (its key, c, opens the same).
 * A payout sent for a second administrator's approval (§15.6) says so beside the button while the
 * investment names its request, as a withdrawal's status does.
 */
export function PayoutCell({ row, change }: { row: InvestmentRow; change: StatusChange<InvestmentRow, 'completed', 'investments.payout'> }) {
  const payout = useStatusChange(change, row.id);
  const [asking, setAsking] = useAsking(row.id, change.statuses);
  if (change.statuses.length === 0) return null;
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-2">
      {row.approvalRequestId && <Badge tone="info">Awaiting approval</Badge>}
      <Button
        variant="secondary"
        size="sm"
        busy={payout.isPending}
        onClick={() => setAsking('completed')}
        aria-label={`Pay out the investment of ${rowWho(row)}`}
      >
        Pay out
      </Button>
      {asking && <RowDecision row={row} change={change} status={asking} saving={payout} onClose={() => setAsking(null)} />}
    </span>
  );
}
