import type { ApprovalRequest } from '@shared/contract';
import { Notice } from '../../../../components/ui/Notice';
import { api, call } from '../../../../lib/api';
import { formatMoney } from '../../../../lib/format';
import { Reading, Section, targetId, text, useCurrent } from './parts';

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
        <Section title="Customer to delete">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
            <div className="col-span-2 min-w-0">
              <dt className="text-xs text-slate-500">Customer</dt>
              <dd className="text-sm font-medium text-slate-900">{customer.fullname ?? customer.email ?? customer.id}</dd>
              {customer.fullname && customer.email && <dd className="truncate text-xs text-slate-500">{customer.email}</dd>}
            </div>
            <div className="col-span-2 min-w-0">
              <dt className="text-xs text-slate-500">Reason</dt>
              <dd className="text-sm text-slate-900">{text(request.decision.reason) ?? '—'}</dd>
            </div>
            {figures.map(([field, label]) => (
              <div key={field} className="min-w-0">
                <dt className="text-xs text-slate-500">{label}</dt>
                <dd className="text-sm font-medium text-slate-900 tabular-nums">{formatMoney(customer[field])}</dd>
              </div>
            ))}
          </dl>
        </Section>
      )}
      <Notice tone="warning">
        <p>Approving deletes this customer: their record will be archived under Deleted customers with the reason, and they leave Manage Users.</p>
        {forced && <p>The administrator who asked chose Delete anyway: they are deleted even if they still hold money or have open requests.</p>}
      </Notice>
    </div>
  );
}
