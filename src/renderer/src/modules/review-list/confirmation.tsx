import type { ReactNode } from 'react';
import { formatMoney } from '../../lib/format';
import type { Confirmation } from '../status/DecisionDialog';
import { plainConfirmation, type ReviewRow } from './status-change';

const strong = 'font-semibold text-slate-900';

interface MoneyRecord {
  amount: number | null;
  amountRaw: string | null;
  email: string | null;
  username: string | null;
}

export interface MoneyQuestion {
  title: string;
  /** The question, written whole around the parts it names in bold: 'Approve this withdrawal of {amount} to {user}?'. */
  question: string;
  /** A second short paragraph, e.g. "This cannot be undone." (what exactly follows is the preview's). */
  consequence?: string;
  confirmLabel: string;
  tone?: 'danger';
  /** The reasons a decision requires (rejecting, failing); an optional note otherwise. */
  reasons?: readonly string[];
  /** A credit or payout: asks for the chain transaction id (its coin from `coinOf`). */
  asksTxid?: true;
}

/** The question with each named part ({amount}, {user}) put in, in bold. */
function inBold(question: string, parts: Record<'amount' | 'user', string>): ReactNode[] {
  return question.split(/\{(amount|user)\}/).map((piece, i) =>
    i % 2 === 0 ? (
      piece
    ) : (
      <strong key={i} className={strong}>
        {parts[piece as 'amount' | 'user']}
      </strong>
    )
  );
}

/**
 * A status change that moves money, asked with the amount and the user in bold, e.g.
 * "Approve this withdrawal of $250.00 to olivia@gmail.com?". An amount that is not a number is
 * shown as the stored text, in quotes.
 */
export function moneyConfirmation(row: MoneyRecord, { title, question, consequence, confirmLabel, tone }: MoneyQuestion): Confirmation {
  const amount = row.amount !== null ? formatMoney(row.amount) : `"${row.amountRaw ?? ''}"`;
  const who = row.email ?? row.username ?? 'this customer';
  return {
    title,
    description: (
      <>
        <p>{inBold(question, { amount, user: who })}</p>
        {consequence && <p>{consequence}</p>}
      </>
    ),
    confirmLabel,
    ...(tone ? { tone } : {})
  };
}

/** Said under a decision that cannot be reversed. */
export const FINAL = 'This cannot be undone.';

/**
 * A money list's confirmations: its own question for the statuses that move money, the plain one
 * for the others, each with what the list shows beside every decision (facts, warnings).
 */
export function moneyDecisions<T extends ReviewRow & MoneyRecord, S extends string>(
  noun: string,
  decisions: Partial<Record<S, MoneyQuestion>>,
  beside: (row: T) => Pick<Confirmation, 'facts' | 'warnings'>,
  coinOf: (row: T) => string | null = () => null
) {
  return (row: T, next: S): Confirmation => {
    const decision = decisions[next];
    const question = decision ? moneyConfirmation(row, decision) : plainConfirmation(noun, row, next);
    const reason = decision?.reasons ? { reason: { kind: 'required' as const, choices: decision.reasons } } : {};
    const txid = decision?.asksTxid ? { txid: { coin: coinOf(row) } } : {};
    return { ...question, ...reason, ...txid, ...beside(row) };
  };
}
