import { timeZoneName } from './timeZone';

/** Stored dates as the rules read them, whatever form the platform stored them in. */

/** A stored date (Firestore Timestamp, Date, ISO text or milliseconds) as milliseconds, or null. */
export function millisOf(value: unknown): number | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (value && typeof value === 'object' && typeof (value as { toMillis?: unknown }).toMillis === 'function') {
    const ms = (value as { toMillis: () => unknown }).toMillis();
    return typeof ms === 'number' && Number.isFinite(ms) ? ms : null;
  }
  if ((typeof value === 'string' && value !== '') || typeof value === 'number') {
    const ms = new Date(value).getTime();
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
}

const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "12 May 2026" (UTC): a date in a sentence the rules say, the same on every machine. */
export const dayText = (ms: number): string => day.format(new Date(ms));

/**
 * "Nov 21, 2026, 3:32 PM Europe/Berlin": a time in a customer's e-mail, in the platform's zone
 * (settings/ledgerdesk.timeZone), named, in the e-mails' English. Plain spaces, so every mail
 * client shows the same text.
 */
export const timeIn = (ms: number, timeZone: string): string =>
  `${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(ms)).replace(/\s/g, ' ')} ${timeZoneName(timeZone)}`;
