import type { DepositRow } from '../../../../shared/contract';
import type { DepositStatus } from '../../../../shared/domain/statuses';
import type { Confirmation } from '../../components/status/StatusChangeCell';
import { formatMoney } from '../../lib/format';

const amountOf = (row: DepositRow) => (row.amount !== null ? formatMoney(row.amount) : `"${row.amountRaw ?? ''}"`);

/** Marking a deposit successful credits the customer once and for all, so it is asked first. */
export function depositConfirmation(row: DepositRow, next: DepositStatus): Confirmation | null {
  if (next !== 'success') return null;
  const who = row.email ?? row.username ?? 'this customer';
  return {
    title: 'Mark deposit as successful?',
    description: (
      <>
        <p>
          Mark this deposit of <strong className="font-semibold text-slate-900">{amountOf(row)}</strong> from{' '}
          <strong className="font-semibold text-slate-900">{who}</strong> as successful?
        </p>
        <p>
          Their Total deposit increases by the amount, a linked investment becomes active, a referrer earns a 5% bonus,
          and the customer is e-mailed. This cannot be undone.
        </p>
      </>
    ),
    confirmLabel: 'Mark successful'
  };
}
