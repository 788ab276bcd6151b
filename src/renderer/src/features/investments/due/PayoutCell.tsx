import type { InvestmentRow } from '../../../../../shared/contract';
import { Button } from '../../../components/ui/Button';
import { rowWho, type BoundStatusChange } from '../../../modules/review-list/status-change';
import { DecisionDialog } from '../../../modules/status/DecisionDialog';
import { useAsking } from '../../../modules/status/status-requests';
import { useStatusChange } from '../../../modules/status/use-status-change';

/** A due row's Pay out: the decision on its preview, then one payout (its key, c, opens the same). */
export function PayoutCell({ row, change }: { row: InvestmentRow; change: BoundStatusChange<InvestmentRow> }) {
  const payout = useStatusChange<'completed'>(row.id, {
    listKey: change.listKey,
    alsoInvalidate: change.alsoInvalidate,
    save: (status, choice) => change.save(row.id, status, choice),
    ...(change.failed ? { failed: change.failed } : {})
  });
  const [asking, setAsking] = useAsking<'completed'>(row.id);
  if (change.statuses.length === 0) return null;
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        busy={payout.isPending}
        onClick={() => setAsking('completed')}
        aria-label={`Pay out the investment of ${rowWho(row)}`}
      >
        Pay out
      </Button>
      {asking && (
        <DecisionDialog
          question={change.question(row, 'completed')}
          previewKey={['payoutPreview', row.id]}
          loadPreview={(given) => change.preview(row.id, 'completed', given)}
          commit={(choice) => payout.mutateAsync({ status: 'completed', choice })}
          busy={payout.isPending}
          onClose={() => setAsking(null)}
        />
      )}
    </>
  );
}
