import {
  compoundInvestmentStatuses,
  depositStatuses,
  investmentStatuses,
  statusLabel,
  withdrawalStatuses
} from '../../../../shared/domain/statuses';
import { globalShortcuts, listShortcuts, statusShortcuts, type Shortcut } from '../../lib/shortcuts';

export interface ShortcutSection {
  title: string;
  shortcuts: Shortcut[];
}

/** Each money list's status keys, as the rows' tooltips name them. */
export const statusSections: ShortcutSection[] = [
  { title: 'Deposits', shortcuts: statusShortcuts(depositStatuses, statusLabel) },
  { title: 'Withdrawals', shortcuts: statusShortcuts(withdrawalStatuses, statusLabel) },
  { title: 'Investments', shortcuts: statusShortcuts(investmentStatuses, statusLabel) },
  { title: 'Compound investments', shortcuts: statusShortcuts(compoundInvestmentStatuses, statusLabel) }
];

/** Every shortcut of the desk, from the one catalogue the handlers bind (lib/shortcuts.ts). */
export const shortcutSections: ShortcutSection[] = [
  { title: 'Anywhere', shortcuts: Object.values(globalShortcuts) },
  { title: 'In a list', shortcuts: Object.values(listShortcuts) }
];
