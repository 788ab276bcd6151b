import type { WithdrawalRow } from '../../../../shared/contract';
import type { WithdrawalStatus } from '../../../../shared/domain/statuses';
import type { Confirmation } from '../../components/status/StatusChangeCell';
import { formatMoney } from '../../lib/format';

const strong = 'font-semibold text-slate-900';

/** Approving and rejecting both move money and are final, so both are asked first, saying what follows. */
export function withdrawalConfirmation(row: WithdrawalRow, next: WithdrawalStatus): Confirmation | null {
  const amount = row.amount !== null ? formatMoney(row.amount) : `"${row.amountRaw ?? ''}"`;
  const who = row.email ?? row.username ?? 'this customer';
  if (next === 'approved') {
    return {
      title: 'Approve withdrawal?',
      description: (
        <>
          <p>
            Approve this withdrawal of <strong className={strong}>{amount}</strong> to <strong className={strong}>{who}</strong>?
          </p>
          <p>Their Total withdrawal increases by the amount and the customer is e-mailed. This cannot be undone.</p>
        </>
      ),
      confirmLabel: 'Approve withdrawal'
    };
  }
  if (next === 'rejected') {
    return {
      title: 'Reject withdrawal?',
      description: (
        <>
          <p>
            Reject this withdrawal of <strong className={strong}>{amount}</strong> from <strong className={strong}>{who}</strong>?
          </p>
          <p>The amount goes back to the customer's balance and the customer is e-mailed. This cannot be undone.</p>
        </>
      ),
      confirmLabel: 'Reject withdrawal',
      tone: 'danger'
    };
  }
  return null;
}
