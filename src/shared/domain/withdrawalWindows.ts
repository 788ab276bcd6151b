import type { WithdrawalRisk } from '../schemas/risk';
import type { DocSnapshot } from './changeset';
import { millisOf } from './dates';
import { formatUsd, fromCents, readAmount } from './money';

/**
 * The 24-hour and 30-day caps' totals (docs/product-rules.md §5.8): one customer's withdrawals in
 * the window, read as documents and summed in cents with the reader an approval uses, so an amount
 * stored as text ("600.00") counts as the approval would pay it, and one that cannot be read (NaN,
 * "1,250") is named instead of silently switching the check off, as Firestore's sum() did.
 */

export const WINDOW_MS = { h24: 24 * 60 * 60 * 1000, d30: 30 * 24 * 60 * 60 * 1000 } as const;

/**
 * The most withdrawals of one customer read for the 30-day window, newest first. Past it the
 * oldest ones are not read: the window says so, its total is a floor, and a warning says the cap
 * may be exceeded.
 */
export const WINDOW_READ_LIMIT = 200;

/** The statuses whose withdrawals count against a cap: what is paid out or about to be. No status counts as pending, since nothing decided it. */
export const CAPPED_STATUSES = ['pending', 'approved'] as const;

const counts = (status: unknown): boolean =>
  status === undefined || status === null || status === '' || (CAPPED_STATUSES as readonly unknown[]).includes(status);

/** What one window's read found. */
export interface WindowSum {
  /** The readable amounts of the customer's pending, approved and undecided withdrawals in the window, this one included. */
  cents: number;
  /** How many of the customer's withdrawals in the window were read, whatever their status. */
  read: number;
  /** False when the read stopped at its limit inside the window: there may be more, and the total is a floor. */
  complete: boolean;
  /** The counted withdrawals' amounts that cannot be read, as stored ("NaN", "\"1,250\""), one per withdrawal. */
  unreadable: string[];
}

/** A stored amount as a message quotes it: text in quotes, a missing one as "none". */
const shown = (value: unknown): string => {
  if (value === undefined || value === null) return 'none';
  if (typeof value === 'string') return `"${value}"`;
  return typeof value === 'object' ? 'not a number' : String(value);
};

/**
 * The window from `since` on: `records` are the customer's withdrawals as read (newest first, at
 * most `limit`; the read may reach past `since`); this withdrawal is added when the read did not
 * hold it (made before the window, or stored under another spelling of the customer's id).
 */
export function sumWindow(withdrawal: DocSnapshot, records: readonly DocSnapshot[], since: number, limit: number): WindowSum {
  const inWindow = records.filter((record) => {
    const created = millisOf(record.data.createdAt);
    return created !== null && created >= since;
  });
  // Read newest first: the window is whole when the read ended short of its limit or went past the window's start.
  const complete = records.length < limit || inWindow.length < records.length;
  const counted = inWindow.filter((record) => record.id !== withdrawal.id && counts(record.data.status));
  counted.push(withdrawal);
  let cents = 0;
  const unreadable: string[] = [];
  for (const record of counted) {
    const amount = readAmount(record.data.amount, 'amount');
    if (amount.ok) cents += amount.value;
    else unreadable.push(shown(record.data.amount));
  }
  return { cents, read: inWindow.length, complete, unreadable };
}

/** A window as the risk panel shows it (the contract's): the total in dollars against the cap, and how it was read. */
export type WindowFacts = WithdrawalRisk['windows']['h24'];

export const windowFacts = (sum: WindowSum, cap: number | null): WindowFacts => ({
  total: fromCents(sum.cents),
  cap,
  read: sum.read,
  complete: sum.complete,
  unreadable: { count: sum.unreadable.length, amounts: [...new Set(sum.unreadable)].slice(0, 3) }
});

type WindowWarningCode = 'over24hCap' | 'over30dCap' | 'capUnreadable' | 'capIncomplete';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The caps' warnings: each window above its cap; then, once for both windows (the narrower named
 * when it holds them all), amounts that cannot be read and a read stopped at its limit, either of
 * which means the cap may be exceeded unseen. `amount` is this withdrawal's, when readable: a
 * window holding it alone says what the limit warning already said (`overLimit`).
 */
export function windowWarnings(
  windows: { h24: WindowFacts; d30: WindowFacts },
  amount: number | null,
  overLimit: boolean
): { code: WindowWarningCode; message: string }[] {
  const warnings: { code: WindowWarningCode; message: string }[] = [];
  const spans = [
    ['over24hCap', '24 h', windows.h24],
    ['over30dCap', '30 days', windows.d30]
  ] as const;
  for (const [code, span, window] of spans) {
    const onlyThis = amount !== null && Math.round(window.total * 100) === Math.round(amount * 100);
    if (onlyThis && overLimit) continue;
    if (window.cap !== null && Math.round(window.total * 100) > Math.round(window.cap * 100)) {
      warnings.push({ code, message: `Withdrawals in ${span}: ${formatUsd(window.total)}, above the ${formatUsd(window.cap)} limit.` });
    }
  }
  const capped = spans.filter(([, , window]) => window.cap !== null);
  // The 24-hour window lies inside the 30-day one: name the narrower when it says everything.
  const narrowest = (holds: (window: WindowFacts) => boolean, same: (a: WindowFacts, b: WindowFacts) => boolean) => {
    const found = capped.filter(([, , window]) => holds(window));
    if (found.length === 0) return null;
    return found.length === 2 && !same(windows.h24, windows.d30) ? found[1]! : found[0]!;
  };
  const unreadable = narrowest(
    (window) => window.unreadable.count > 0,
    (a, b) => a.unreadable.count === b.unreadable.count
  );
  if (unreadable) {
    const [, span, window] = unreadable;
    const n = window.unreadable.count;
    warnings.push({
      code: 'capUnreadable',
      message: `${plural(n, 'withdrawal', 'withdrawals')} in the last ${span} ${n === 1 ? 'has an amount' : 'have amounts'} that cannot be read (${window.unreadable.amounts.join(', ')}): the cap may be exceeded.`
    });
  }
  // A 24-hour window read short means the 30-day one was too.
  const incomplete = narrowest(
    (window) => !window.complete,
    () => true
  );
  if (incomplete) {
    const [, span, window] = incomplete;
    warnings.push({
      code: 'capIncomplete',
      message: `More than ${WINDOW_READ_LIMIT} withdrawals in the last ${span}: only the latest ${WINDOW_READ_LIMIT} were read, so the total is at least ${formatUsd(window.total)} and the cap may be exceeded.`
    });
  }
  return warnings;
}
