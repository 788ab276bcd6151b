import { formatMoney } from '../../lib/format';
import type { Confirmation } from '../status/StatusChangeCell';

const strong = 'font-semibold text-slate-900';

interface MoneyRecord {
  amount: number | null;
  amountRaw: string | null;
  email: string | null;
  username: string | null;
}

interface MoneyQuestion {
  title: string;
  /** The question around the amount and the customer: [before the amount, between them, after the customer]. */
  question: [string, string, string];
  /** A second short paragraph, e.g. "This cannot be undone." (what exactly follows is the preview's). */
  consequence?: string;
  confirmLabel: string;
  tone?: 'danger';
}

/**
 * A status change that moves money, asked with the amount and the customer in bold, e.g.
 * "Approve this withdrawal of $250.00 to olivia@gmail.com?". An amount that is not a number is
 * shown as the stored text, in quotes.
 */
export function moneyConfirmation(row: MoneyRecord, { title, question, consequence, confirmLabel, tone }: MoneyQuestion): Confirmation {
  const amount = row.amount !== null ? formatMoney(row.amount) : `"${row.amountRaw ?? ''}"`;
  const who = row.email ?? row.username ?? 'this customer';
  const [before, between, after] = question;
  return {
    title,
    description: (
      <>
        <p>
          {before} <strong className={strong}>{amount}</strong> {between} <strong className={strong}>{who}</strong>
          {after}
        </p>
        {consequence && <p>{consequence}</p>}
      </>
    ),
    confirmLabel,
    ...(tone ? { tone } : {})
  };
}
