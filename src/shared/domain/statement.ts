import { fail, ok, type Result } from '../result';
import { balanceBeforeOf, type JournalAmount, type JournalRecord, type JournalWriter } from './journal';
import type { Cents } from './money';
import { StoredTimestamp } from './stored';

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

/** An RFC 3339 time as Firestore keeps it, to the nanosecond (Date would drop all below the millisecond). */
export function instantOf(time: string): StoredTimestamp {
  const millis = Date.parse(time);
  const seconds = Math.floor(millis / 1000);
  const fraction = /\.(\d+)/.exec(time)?.[1];
  return new StoredTimestamp(seconds, fraction ? Number(fraction.slice(0, 9).padEnd(9, '0')) : (millis - seconds * 1000) * 1_000_000);
}

const compare = (a: StoredTimestamp, b: StoredTimestamp): number => a.seconds - b.seconds || a.nanoseconds - b.nanoseconds;

/**
 * A period as the journal is read: from its first instant up to the next period's start, excluded.
 * `to` names the period's last millisecond (23:59:59.999 of its last day), but a journal time keeps
 * the write's microseconds: an entry at 23:59:59.999500 comes after `to` and before the next period,
 * so a period bounded by `to` left it out of its movements while the next one counted it in its
 * opening balance. Bounded by the next start, every entry is in exactly one period and a period
 * closes on the balance the next one opens with.
 */
export interface StatementPeriod {
  from: StoredTimestamp;
  nextStart: StoredTimestamp;
}

export function statementPeriod(from: string, to: string): StatementPeriod {
  const next = Date.parse(to) + 1;
  const seconds = Math.floor(next / 1000);
  return { from: instantOf(from), nextStart: new StoredTimestamp(seconds, (next - seconds * 1000) * 1_000_000) };
}

/** Whether a journal time, at its full precision, is in the period: from <= at < nextStart (what the journal's query asks). */
export const inPeriod = (at: StoredTimestamp, period: StatementPeriod): boolean => compare(at, period.from) >= 0 && compare(at, period.nextStart) < 0;

export interface StatementReads {
  period: StatementPeriod;
  /** The customer's oldest entry, whatever it changed. */
  first: JournalRecord | null;
  /** Their newest entry before `from`, whatever it changed: the balance it left opens the period. */
  lastBefore: JournalRecord | null;
  /** Their entries that moved the balance within the period, oldest first; at most the cap plus one is read. */
  movements: JournalRecord[];
}

const sameCents = (a: JournalAmount | null, b: JournalAmount): boolean => a === null || a.cents === null || b.cents === null || a.cents === b.cents;

export function statementOf(reads: StatementReads): Result<StatementDraft> {
  const { period, first, lastBefore, movements } = reads;
  if (movements.length > STATEMENT_MAX_MOVEMENTS) return fail('VALIDATION', tooManyMovements());
  const complete = first !== null && compare(instantOf(first.at), period.from) <= 0;
  const [firstMove] = movements;
  // The journal begins within the period and nothing in it moved the balance: the balance before it opens the period.
  const quietFirst = first !== null && inPeriod(instantOf(first.at), period) ? balanceBeforeOf(first) : null;
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
