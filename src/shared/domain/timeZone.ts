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

/** UTC under any of its names (Chromium may say "Etc/UTC"). */
export const isUtc = (timeZone: string): boolean => /^(?:Etc\/)?(?:UTC|UCT|Universal|Zulu)$/.test(timeZone);

/** The name a time carries: "UTC" for any of its names, else the zone's IANA name ("Europe/Berlin"). */
export const timeZoneName = (timeZone: string): string => (isUtc(timeZone) ? 'UTC' : timeZone);
