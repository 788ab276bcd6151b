import { defaultFilter } from 'cmdk';
import type { LucideIcon } from 'lucide-react';
import type { RecordMatch } from '@shared/contract';
import { idProblem } from '@shared/schemas/common';
import { userPath } from '../customers/CustomerLink';
import { paths } from '../../lib/paths';

/** A screen the palette opens (the route table, app/routes.ts, lists them). */
export interface Destination {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Other words an administrator may type for it. */
  keywords: string[];
}

/** How one row of the palette reads and what choosing it does. */
export interface PaletteItem {
  /** Unique among the rows: cmdk keeps the highlighted row by it. */
  value: string;
  label: string;
  /** What kind of thing it is, for screen readers ("Deposit"); the icon shows it. */
  noun?: string;
  /** A second line: an e-mail, a date, what an export holds. */
  detail?: string | null;
  status?: string | null;
  icon: LucideIcon;
  /** Classes for the icon's tile (the find results' colours per kind). */
  tint?: string;
  /** A shown answer that belongs to earlier text, while the next search runs: seen, not chosen. */
  stale?: boolean;
  run: { to: string } | { action: () => void };
}

export type GroupName = 'Records' | 'Go to' | 'Actions' | 'Customers';

export interface PaletteGroup {
  name: GroupName;
  items: PaletteItem[];
}

/** An action of the screen on display ("Export CSV") or of the desk ("Keyboard shortcuts"). */
export interface PaletteAction {
  value: string;
  label: string;
  detail?: string;
  icon: LucideIcon;
  keywords: string[];
  action: () => void;
}

/**
 * Below this, cmdk's score is letters scattered across words ("emma" in "Webmail"): such a row
 * would be highlighted before the users the administrator meant, so it is not offered.
 */
const STRONG_MATCH = 0.2;

/** Static rows matching the text, best first (equal scores keep their order). */
function matching<T extends { label: string; keywords: string[] }>(rows: T[], text: string): T[] {
  if (!text) return rows;
  // In lower case: cmdk's score prefers matching case, which would put "Pending withdrawals" before "Manage Withdrawals" for "withdr".
  const lower = (words: string) => words.toLowerCase();
  return rows
    .map((row, index) => ({ row, index, score: defaultFilter(lower(row.label), lower(text), row.keywords.map(lower)) }))
    .filter((scored) => scored.score >= STRONG_MATCH)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((scored) => scored.row);
}

/**
 * Text the administrator pasted as a record's id rather than typed as a name or e-mail: one word,
 * no @, a valid Firestore id, and as long as the ids Firebase makes (20 characters, 28 for a
 * user), so typing a name never costs the five reads of an id lookup.
 */
export const looksLikeId = (text: string): boolean => text.length >= 16 && !/\s/.test(text) && !text.includes('@') && idProblem(text) === null;

export interface PaletteSources {
  text: string;
  destinations: Destination[];
  actions: PaletteAction[];
  users: PaletteItem[];
  records: PaletteItem[];
}

/**
 * The palette's rows for the text, in groups: a record found by its id first (nothing is more
 * precise), then screens and actions whose names match, then users. Empty groups are left out.
 */
export function paletteGroups({ text, destinations, actions, users, records }: PaletteSources): PaletteGroup[] {
  const typed = text.trim();
  const groups: PaletteGroup[] = [
    { name: 'Records', items: records },
    {
      name: 'Go to',
      items: matching(destinations, typed).map((d) => ({ value: `go ${d.to}`, label: d.label, icon: d.icon, run: { to: d.to } }))
    },
    {
      name: 'Actions',
      items: matching(actions, typed).map((a) => ({ value: a.value, label: a.label, detail: a.detail ?? null, icon: a.icon, run: { action: a.action } }))
    },
    { name: 'Customers', items: users }
  ];
  return groups.filter((group) => group.items.length > 0);
}

/** A user from users.search, as a row that opens their page. */
export const customerItem = (
  user: { id: string; fullname: string | null; email: string | null },
  look: { icon: LucideIcon; tint: string },
  stale: boolean
): PaletteItem => ({
  value: `user ${user.id}`,
  noun: 'Customer',
  label: user.fullname ?? user.email ?? user.id,
  detail: user.fullname ? user.email : null,
  icon: look.icon,
  tint: look.tint,
  stale,
  run: { to: userPath(user.id) ?? paths.users }
});

/** Only the records named by the id: records.find falls back to a user search, which the Customers group already shows. */
export const recordsNamedBy = (id: string, matches: RecordMatch[]): RecordMatch[] => matches.filter((match) => match.id === id);
