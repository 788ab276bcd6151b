import { dayInstant, isCalendarDay, localTimeZone } from '../../../lib/format';

/** A statement's period as the administrator chooses it: two days of their calendar, YYYY-MM-DD, both included. */
export interface PeriodDays {
  from: string;
  to: string;
}

/** This month so far. */
export const thisMonth = (today: string): PeriodDays => ({ from: `${today.slice(0, 8)}01`, to: today });

/** Why a period cannot be asked for, or null. */
export function periodProblem({ from, to }: PeriodDays): string | null {
  if (!isCalendarDay(from)) return 'Choose the first day of the statement.';
  if (!isCalendarDay(to)) return 'Choose the last day of the statement.';
  if (from > to) return 'The first day must not come after the last day.';
  return null;
}

/** The instants the period starts and ends at in the administrator's time zone: what users.statement takes. */
export const periodInstants = ({ from, to }: PeriodDays, timeZone = localTimeZone()) => ({
  from: dayInstant(from, 'start', timeZone),
  to: dayInstant(to, 'end', timeZone)
});
