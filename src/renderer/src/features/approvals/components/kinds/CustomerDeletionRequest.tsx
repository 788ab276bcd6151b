import type { ApprovalRequest } from '@shared/contract';
import { Fact } from '../../../../components/ui/Fact';
import { Notice } from '../../../../components/ui/Notice';
import { api, call } from '../../../../lib/api';
import { formatMoney } from '../../../../lib/format';
import { CustomerFact, FactsSection, Reading, targetId, text, useCurrent } from './parts';

const figures = [
  ['balance', 'Balance'],
  ['Totaldeposit', 'Total Deposit'],
  ['Totalwithdrawal', 'Total Withdrawal'],
  ['totalearnings', 'Total Earnings'],
  ['TotalBonus', 'Total Bonus']
] as const;

/**
 * Deleting a customer: who they are and the figures they hold now (users.card), the reason, and that
 * approving archives their record (Deleted customers) and removes them from Manage Users.
 */
export function CustomerDeletionRequest({ request }: { request: ApprovalRequest }) {
  const card = useCurrent(request, 'card', () => call(() => api().users.card({ id: targetId(request) })));
  const customer = card.data;
  const forced = request.decision.force === true;
  return (
    <div className="space-y-3">
      {!customer ? (
        <Reading query={card} label="the customer's figures" />
      ) : (
        <FactsSection title="Customer to delete" columns="grid-cols-2 sm:grid-cols-4">
          <CustomerFact customer={customer} fallback={targetId(request)} className="col-span-2" valueClassName="text-sm font-medium text-slate-900" />
          <Fact label="Reason" className="col-span-2">
            {text(request.decision.reason) ?? '—'}
          </Fact>
          {figures.map(([field, label]) => (
            <Fact key={field} label={label} valueClassName="text-sm font-medium text-slate-900 tabular-nums">
              {formatMoney(customer[field])}
            </Fact>
          ))}
        </FactsSection>
      )}
      <Notice tone="warning">
        <p>Approving deletes this customer: their record will be archived under Deleted customers with the reason, and they leave Manage Users.</p>
        {forced && <p>The administrator who asked chose Delete anyway: they are deleted even if they still hold money or have open requests.</p>}
      </Notice>
    </div>
  );
}
