import { fail, ok, type Result } from '../result';
import { balanceBeforeOf, type JournalAmount, type JournalRecord, type JournalWriter } from './journal';
import type { Cents } from './money';

/**
 * A customer's statement over a period (docs/product-rules.md §6.10), from their journal alone: the
 * balance when the period opens, each movement of the balance with the balance it left, and the
 * balance when it closes. The journal starts when the platform deployed its functions; a period
 * that begins before the customer's first entry is not covered before it, and the statement says so.
 */

/** The most movements one statement holds: past it the administrator chooses a shorter period. */
export const STATEMENT_MAX_MOVEMENTS = 5000;

export const tooManyMovements = (): string =>
  `This period holds more than ${STATEMENT_MAX_MOVEMENTS.toLocaleString('en-US')} balance movements, the most one statement shows. Choose a shorter period.`;

export interface StatementMovement {
  id: string;
  at: string;
  before: JournalAmount;
  /** The balance after this movement: the running balance. */
  running: JournalAmount;
  deltaCents: Cents | null;
  writer: JournalWriter;
  auditId: string | null;
  outside: boolean;
  /** The balance before it is not the one the previous line left: a change the journal did not record came between. */
  gap: boolean;
}

export interface StatementDraft {
  /** When the customer's journal begins (their first entry); null when it has none. */
  journalSince: string | null;
  /** Whether the journal existed when the period opened; if not, nothing before journalSince is covered. */
  complete: boolean;
  /** The balance when the period opens (or, when incomplete, when the journal begins); null when the journal says nothing of it. */
  opening: JournalAmount | null;
  movements: StatementMovement[];
  closing: JournalAmount | null;
}

export interface StatementReads {
  from: string;
  to: string;
  /** The customer's oldest entry, whatever it changed. */
  first: JournalRecord | null;
  /** Their newest entry before `from`, whatever it changed: the balance it left opens the period. */
  lastBefore: JournalRecord | null;
  /** Their entries that moved the balance within [from, to], oldest first; at most the cap plus one is read. */
  movements: JournalRecord[];
}

const sameCents = (a: JournalAmount | null, b: JournalAmount): boolean => a === null || a.cents === null || b.cents === null || a.cents === b.cents;

export function statementOf(reads: StatementReads): Result<StatementDraft> {
  const { from, to, first, lastBefore, movements } = reads;
  if (movements.length > STATEMENT_MAX_MOVEMENTS) return fail('VALIDATION', tooManyMovements());
  const complete = first !== null && Date.parse(first.at) <= Date.parse(from);
  const [firstMove] = movements;
  const quietFirst = first !== null && Date.parse(first.at) <= Date.parse(to) ? balanceBeforeOf(first) : null;
  const opening = lastBefore ? lastBefore.balanceAfter : firstMove ? balanceBeforeOf(firstMove) : quietFirst;
  let previous = opening;
  const lines = movements.map((entry): StatementMovement => {
    const before = balanceBeforeOf(entry);
    const line = {
      id: entry.id,
      at: entry.at,
      before,
      running: entry.balanceAfter,
      deltaCents: entry.changes.find((change) => change.field === 'balance')?.deltaCents ?? null,
      writer: entry.writer,
      auditId: entry.auditId,
      outside: entry.outside,
      gap: !sameCents(previous, before)
    };
    previous = entry.balanceAfter;
    return line;
  });
  return ok({ journalSince: first?.at ?? null, complete, opening, movements: lines, closing: lines.at(-1)?.running ?? opening });
}
