import { formatMoney } from '../../lib/format';
import type { Confirmation } from '../status/StatusChangeCell';
import { plainConfirmation, type MoneyRow } from './money-list';

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

/** A list's question for a status that moves money, and the reasons it requires (rejecting, failing). */
export interface MoneyDecision extends MoneyQuestion {
  reasons?: readonly string[];
}

/** One decision's question, in the order it reads: "Approve withdrawal?", the question, the button. */
export const ask = (
  title: string,
  question: MoneyQuestion['question'],
  confirmLabel: string,
  more: Pick<MoneyDecision, 'consequence' | 'tone' | 'reasons'> = {}
): MoneyDecision => ({ title, question, confirmLabel, ...more });

/** Said under a decision that cannot be reversed. */
export const FINAL = 'This cannot be undone.';

/**
 * A money list's confirmations: its own question for the statuses that move money, the plain one
 * for the others, each with what the list shows beside every decision (facts, warnings).
 */
export function moneyDecisions<T extends MoneyRow & MoneyRecord, S extends string>(
  noun: string,
  decisions: Partial<Record<S, MoneyDecision>>,
  beside: (row: T) => Pick<Confirmation, 'facts' | 'warnings'>
) {
  return (row: T, next: S): Confirmation => {
    const decision = decisions[next];
    const question = decision ? moneyConfirmation(row, decision) : plainConfirmation(noun, row, next);
    const reason = decision?.reasons ? { reason: { kind: 'required' as const, choices: decision.reasons } } : {};
    return { ...question, ...reason, ...beside(row) };
  };
}
