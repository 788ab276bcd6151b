import { compoundInvestmentStatuses, depositStatuses, investmentStatuses, statusLabel, withdrawalStatuses } from '@shared/domain/statuses';
import { globalShortcuts, listShortcuts, statusShortcuts, type Shortcut } from '../../lib/shortcuts';

export interface ShortcutSection {
  title: string;
  shortcuts: Shortcut[];
}

export interface StatusKeys {
  list: string;
  /** Each status's key, as the rows' tooltips name it, beside the status it sets. */
  keys: { shortcut: Shortcut; status: string }[];
}

const keysOf = (list: string, statuses: readonly string[]): StatusKeys => ({
  list,
  keys: statuses.flatMap((status) => statusShortcuts([status], statusLabel).map((shortcut) => ({ shortcut, status: statusLabel(status) })))
});

/** Each money list's status keys. */
export const statusSections: StatusKeys[] = [
  keysOf('Deposits', depositStatuses),
  keysOf('Withdrawals', withdrawalStatuses),
  keysOf('Investments', investmentStatuses),
  keysOf('Compound investments', compoundInvestmentStatuses)
];

/** Every shortcut of the desk, from the one catalogue the handlers bind (lib/shortcuts.ts). */
export const shortcutSections: ShortcutSection[] = [
  { title: 'Anywhere', shortcuts: Object.values(globalShortcuts) },
  { title: 'In a list', shortcuts: Object.values(listShortcuts) }
];
