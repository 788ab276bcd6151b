/**
 * Time zones by their IANA names ("Europe/Berlin", "UTC"): the platform's zone is stored as one
 * (settings/ledgerdesk.timeZone), and every clock Ledgerdesk runs on (Node, Chromium) knows them.
 */

/**
 * An area and a place, capitalised as the IANA database writes them, or UTC. Intl also takes "+05:30",
 * "utc" and "asia/kolkata", which are not names an administrator should find stored.
 */
const IANA_NAME = /^(?:UTC|[A-Z][A-Za-z]+(?:\/[A-Z][A-Za-z0-9_+-]*){1,2})$/;

export const TIME_ZONE_PROBLEM = 'Choose a time zone by its IANA name, such as Europe/Berlin, America/New_York or UTC.';

/** A zone this machine's clock knows by that name. */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || !IANA_NAME.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
