import { ArrowDownToLine, ArrowUpFromLine, Banknote, CircleCheck, CircleX, Hourglass, type LucideIcon } from 'lucide-react';
import type { DashboardFigure, DashboardFigureName } from '../../../../shared/contract';
import { formatCount, formatMoney, formatTime } from '../../lib/format';
import type { CardState, DashboardFigures } from './api/dashboard-figures';
import type { Stat, StatStatus } from './components/StatCard';

const share = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 });

export function shareOf(part: number, total: number, noun: string): string {
  if (total <= 0) return `No ${noun} yet`;
  const ratio = part / total;
  // Never round a few requests down to "0%": it would read as none.
  const shown = ratio > 0 && ratio < 0.01 ? '<1%' : share.format(ratio);
  return `${shown} of all ${noun}`;
}

/** "2 successful deposits have an amount that is not a number and are not included in Total deposited." */
function leftOutNote(count: number, noun: { one: string; many: string }, figure: string): string | undefined {
  if (count <= 0) return undefined;
  return count === 1
    ? `1 ${noun.one} has an amount that is not a number and is not included in ${figure}.`
    : `${formatCount(count)} ${noun.many} have an amount that is not a number and are not included in ${figure}.`;
}

interface CardSpec {
  figure: DashboardFigureName;
  label: string;
  icon: LucideIcon;
  tone: Stat['tone'];
  /** A fixed caption, or one worked out from the section's total (null until that is known). */
  caption: string | ((value: number, total: number) => string);
  money?: true;
  wide?: true;
}

export interface Section {
  title: string;
  description: string;
  total: DashboardFigureName;
  amount: DashboardFigureName;
  noun: { one: string; many: string };
  amountLabel: string;
  cards: CardSpec[];
}

const ofAll = (noun: string) => (value: number, total: number) => shareOf(value, total, noun);

export const withdrawalSection: Section = {
  title: 'Withdrawals',
  description: "Customers' requests to take money out.",
  total: 'withdrawals.total',
  amount: 'withdrawals.approvedAmount',
  noun: { one: 'approved withdrawal', many: 'approved withdrawals' },
  amountLabel: 'Total withdrawn',
  cards: [
    { figure: 'withdrawals.total', label: 'Total withdrawals', caption: 'Requests of every status', icon: ArrowUpFromLine, tone: 'neutral' },
    { figure: 'withdrawals.approved', label: 'Approved', caption: ofAll('requests'), icon: CircleCheck, tone: 'success' },
    { figure: 'withdrawals.pending', label: 'Pending', caption: ofAll('requests'), icon: Hourglass, tone: 'warning' },
    { figure: 'withdrawals.rejected', label: 'Rejected', caption: ofAll('requests'), icon: CircleX, tone: 'danger' },
    { figure: 'withdrawals.approvedAmount', label: 'Total withdrawn', caption: 'Sum of approved withdrawals', icon: Banknote, tone: 'accent', money: true, wide: true }
  ]
};

export const depositSection: Section = {
  title: 'Deposits',
  description: 'Money customers have sent in.',
  total: 'deposits.total',
  amount: 'deposits.successAmount',
  noun: { one: 'successful deposit', many: 'successful deposits' },
  amountLabel: 'Total deposited',
  cards: [
    { figure: 'deposits.total', label: 'Total deposits', caption: 'Deposits of every status', icon: ArrowDownToLine, tone: 'neutral' },
    { figure: 'deposits.success', label: 'Successful', caption: ofAll('deposits'), icon: CircleCheck, tone: 'success' },
    { figure: 'deposits.pending', label: 'Pending', caption: ofAll('deposits'), icon: Hourglass, tone: 'warning' },
    { figure: 'deposits.failed', label: 'Failed', caption: ofAll('deposits'), icon: CircleX, tone: 'danger' },
    { figure: 'deposits.successAmount', label: 'Total deposited', caption: 'Sum of successful deposits', icon: Banknote, tone: 'accent', money: true, wide: true }
  ]
};

const shownFigure = (state: CardState): DashboardFigure | null => (state.kind === 'loading' ? null : state.figure);

function statusOf(state: CardState): StatStatus | undefined {
  // The spinner says it is being refreshed; the text says how old the figure on screen is.
  if (state.kind === 'updating') return { tone: 'updating', text: `From ${formatTime(state.figure.asOf)}`, detail: 'Updating' };
  if (state.kind === 'failed') {
    return { tone: 'failed', text: state.figure ? `Couldn't refresh; from ${formatTime(state.figure.asOf)}` : "Couldn't load", detail: state.message };
  }
  return undefined;
}

/** Each card of a section as it can be shown now: null while it has nothing to show (a skeleton). */
export function sectionCards(section: Section, figures: DashboardFigures): (Stat | null)[] {
  const total = shownFigure(figures[section.total])?.value;
  return section.cards.map((card) => {
    const state = figures[card.figure];
    const figure = shownFigure(state);
    if (!figure && state.kind !== 'failed') return null;
    const caption =
      typeof card.caption === 'string' ? card.caption : figure && total !== undefined ? card.caption(figure.value, total) : null;
    return {
      label: card.label,
      value: figure ? (card.money ? formatMoney(figure.value) : formatCount(figure.value)) : formatCount(null),
      caption,
      icon: card.icon,
      tone: card.tone,
      wide: card.wide,
      status: statusOf(state)
    };
  });
}

/** The note under a section whose amount leaves records out, from the amount figure shown. */
export function sectionNote(section: Section, figures: DashboardFigures): string | undefined {
  const leftOut = shownFigure(figures[section.amount])?.leftOut ?? 0;
  return leftOutNote(leftOut, section.noun, section.amountLabel);
}

/** The header's label: when the figures on screen are from, and whether fresher ones are coming. */
export function figuresTime(figures: DashboardFigures): { asOf: string; updating: boolean } | null {
  const states = Object.values(figures);
  const times = states.map(shownFigure).flatMap((f) => (f ? [f.asOf] : [])).sort();
  if (times.length === 0) return null;
  const updating = states.some((s) => s.kind === 'updating' || s.kind === 'loading');
  // While updating, the oldest figure on screen says how old the page may be; once fresh, the newest.
  return { asOf: updating ? times[0]! : times.at(-1)!, updating };
}
