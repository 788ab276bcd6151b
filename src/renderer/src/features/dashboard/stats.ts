import {
  ArrowDownToLine,
  ArrowUpFromLine,
  Banknote,
  CalendarClock,
  CalendarX,
  CircleCheck,
  CircleX,
  Hourglass,
  IdCard,
  Landmark,
  Scale,
  TrendingUp,
  type LucideIcon
} from 'lucide-react';
import type { DashboardFigure, DashboardFigureName } from '../../../../shared/contract';
import { formatCount, formatDateTime, formatMoney, formatShare, formatTime } from '../../lib/format';
import type { CardState, DashboardFigures } from './api/dashboard-figures';
import type { Stat, StatStatus } from './components/StatCard';

export function shareOf(part: number, total: number, noun: string): string {
  if (total <= 0) return `No ${noun} yet`;
  return `${formatShare(part / total)} of all ${noun}`;
}

/** "2 successful deposits have an amount that is not a number and are not included in Total deposited." */
function leftOutNote(count: number, noun: { one: string; many: string }, figure: string, what = 'is not a number'): string | undefined {
  if (count <= 0) return undefined;
  return count === 1
    ? `1 ${noun.one} has an amount that ${what} and is not included in ${figure}.`
    : `${formatCount(count)} ${noun.many} have an amount that ${what} and are not included in ${figure}.`;
}

interface CardSpec {
  figure: DashboardFigureName;
  label: string;
  icon: LucideIcon;
  tone: Stat['tone'];
  /** A fixed caption, or one worked out from the section's total (null until that is known) or from the figure itself. */
  caption: string | ((value: number, total: number, figure: DashboardFigure) => string);
  money?: true;
  wide?: true;
  /** The list the figure counts, opened by clicking the card. */
  to?: string;
}

export interface Section {
  title: string;
  description: string;
  /** The figure the cards' shares are of; absent when no card shows a share. */
  total?: DashboardFigureName;
  /** The amount whose left-out records the note under the section names, with its words. */
  amount?: { figure: DashboardFigureName; label: string; noun: { one: string; many: string }; what?: string };
  cards: CardSpec[];
}

const ofAll = (noun: string) => (value: number, total: number) => shareOf(value, total, noun);

type Figure<List extends string> = Extract<DashboardFigureName, `${List}.${string}`>;

/** A money list's words on the dashboard; `noun` is the settled record ("approved withdrawal"). */
interface MoneyWords<List extends string> {
  title: string;
  description: string;
  icon: LucideIcon;
  /** The total's label and caption. */
  total: [label: string, caption: string];
  /** "requests": "25% of all requests". */
  shareOf: string;
  settled: [figure: Figure<List>, label: string];
  refused: [figure: Figure<List>, label: string];
  amount: [figure: Figure<List>, label: string, caption: string];
  noun: string;
}

/**
 * A money list's section: its total, the settled, pending and refused counts as shares of it, and
 * the settled amount on a row of its own where five cards do not fit.
 */
function moneySection<List extends 'withdrawals' | 'deposits'>(list: List, words: MoneyWords<List>): Section {
  const total = `${list}.total` as Figure<List>;
  const [amount, amountLabel, amountCaption] = words.amount;
  const share = { caption: ofAll(words.shareOf) };
  return {
    title: words.title,
    description: words.description,
    total,
    amount: { figure: amount, label: amountLabel, noun: { one: words.noun, many: `${words.noun}s` } },
    cards: [
      { figure: total, label: words.total[0], caption: words.total[1], icon: words.icon, tone: 'neutral' },
      { figure: words.settled[0], label: words.settled[1], ...share, icon: CircleCheck, tone: 'success' },
      { figure: `${list}.pending` as Figure<List>, label: 'Pending', ...share, icon: Hourglass, tone: 'warning' },
      { figure: words.refused[0], label: words.refused[1], ...share, icon: CircleX, tone: 'danger' },
      { figure: amount, label: amountLabel, caption: amountCaption, icon: Banknote, tone: 'accent', money: true, wide: true }
    ]
  };
}

export const withdrawalSection = moneySection('withdrawals', {
  title: 'Withdrawals',
  description: "Customers' requests to take money out.",
  icon: ArrowUpFromLine,
  total: ['Total withdrawals', 'Requests of every status'],
  shareOf: 'requests',
  noun: 'approved withdrawal',
  settled: ['withdrawals.approved', 'Approved'],
  refused: ['withdrawals.rejected', 'Rejected'],
  amount: ['withdrawals.approvedAmount', 'Total withdrawn', 'Sum of approved withdrawals']
});

export const depositSection = moneySection('deposits', {
  title: 'Deposits',
  description: 'Money customers have sent in.',
  icon: ArrowDownToLine,
  total: ['Total deposits', 'Deposits of every status'],
  shareOf: 'deposits',
  noun: 'successful deposit',
  settled: ['deposits.success', 'Successful'],
  refused: ['deposits.failed', 'Failed'],
  amount: ['deposits.successAmount', 'Total deposited', 'Sum of successful deposits']
});

/** The users page's KYC queue: pending submissions, the longest-waiting first. */
export const KYC_QUEUE = '/users?kyc=pending&order=oldest';

/** The users page's approved KYC whose identity document has expired. */
export const EXPIRED_KYC = '/users?kyc=expired';

export const usersSection: Section = {
  title: 'Customers',
  description: 'Identity documents waiting for a decision, and approved ones that have expired.',
  cards: [
    {
      figure: 'kyc.pending',
      label: 'KYC waiting for review',
      caption: 'Open the KYC queue, oldest first',
      icon: IdCard,
      tone: 'warning',
      to: KYC_QUEUE
    },
    {
      figure: 'kyc.expired',
      label: 'Expired KYC',
      caption: 'Approved documents past their expiry date',
      icon: CalendarX,
      tone: 'danger',
      to: EXPIRED_KYC
    }
  ]
};

/** "Sum of customers' balances; 2 records not summed (not a number)": what one aggregation could not add, beside it. */
const summedOf =
  (what: string) =>
  (_value: number, _total: number, figure: DashboardFigure): string => {
    const apart = (figure.leftOut ?? 0) + (figure.notFinite ?? 0);
    if (apart === 0) return what;
    return `${what}; ${formatCount(apart)} ${apart === 1 ? 'record' : 'records'} not summed (amount not a number)`;
  };

/** What the platform owes its customers, each from one aggregation query (docs/product-rules.md §6.7). */
export const owedSection: Section = {
  title: 'What the platform owes',
  description: "Customers' balances, the withdrawals waiting to be paid, and the principal of active investments.",
  cards: [
    { figure: 'users.balanceTotal', label: 'Customer balances', caption: summedOf("Sum of customers' balances"), icon: Landmark, tone: 'accent', money: true },
    {
      figure: 'withdrawals.pendingAmount',
      label: 'Pending withdrawals',
      caption: summedOf('Sum of withdrawals waiting for a decision'),
      icon: Hourglass,
      tone: 'warning',
      money: true
    },
    {
      figure: 'investments.activeAmount',
      label: 'Active investments',
      caption: summedOf('Principal of running investments'),
      icon: TrendingUp,
      tone: 'neutral',
      money: true
    },
    {
      figure: 'reconciliation.drifted',
      label: 'Drifted customers',
      caption: (_value, _total, figure) => (figure.at ? `In the last reconciliation, ${formatDateTime(figure.at)}` : 'No reconciliation run has finished yet'),
      icon: Scale,
      tone: 'danger',
      to: '/reconciliation'
    }
  ]
};

/** The Investments screen's Due tab: active investments past maturity. */
export const DUE_INVESTMENTS = '/investments?tab=due';

export const investmentsSection: Section = {
  title: 'Investments',
  description: 'Active investments past their maturity date, and what they owe.',
  amount: {
    figure: 'investments.dueOwed',
    label: 'Owed at maturity',
    noun: { one: 'investment due', many: 'investments due' },
    what: 'or an ROI that is not a number'
  },
  cards: [
    {
      figure: 'investments.due',
      label: 'Investments due',
      caption: 'Open the Due tab, oldest first',
      icon: CalendarClock,
      tone: 'warning',
      to: DUE_INVESTMENTS
    },
    {
      figure: 'investments.dueOwed',
      label: 'Owed at maturity',
      caption: 'Their amounts plus their ROI',
      icon: Banknote,
      tone: 'accent',
      money: true,
      to: DUE_INVESTMENTS
    }
  ]
};

/** The dashboard's sections, in the order they are shown. */
export const sections: Section[] = [withdrawalSection, depositSection, owedSection, usersSection, investmentsSection];

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
  const total = section.total ? shownFigure(figures[section.total])?.value : undefined;
  return section.cards.map((card) => {
    const state = figures[card.figure];
    const figure = shownFigure(state);
    if (!figure && state.kind !== 'failed') return null;
    const caption =
      typeof card.caption === 'string'
        ? card.caption
        : figure && (total !== undefined || !section.total)
          ? card.caption(figure.value, total ?? 0, figure)
          : null;
    return {
      label: card.label,
      value: figure ? (card.money ? formatMoney(figure.value) : formatCount(figure.value)) : formatCount(null),
      caption,
      icon: card.icon,
      tone: card.tone,
      wide: card.wide,
      to: card.to,
      status: statusOf(state)
    };
  });
}

/** The note under a section whose amount leaves records out, from the amount figure shown. */
export function sectionNote(section: Section, figures: DashboardFigures): string | undefined {
  if (!section.amount) return undefined;
  const shown = shownFigure(figures[section.amount.figure]);
  const { noun, label, what } = section.amount;
  const notes = [
    leftOutNote(shown?.leftOut ?? 0, noun, label, what ? `is not a number ${what}` : undefined),
    leftOutNote(shown?.notFinite ?? 0, noun, label, 'is NaN or infinite')
  ];
  return notes.filter(Boolean).join(' ') || undefined;
}

/** The header's label: when the figures on screen are from, and whether fresher ones are coming. */
export function figuresTime(figures: DashboardFigures): { asOf: string; updating: boolean } | null {
  const states = Object.values(figures);
  const times = states
    .map(shownFigure)
    .flatMap((f) => (f ? [f.asOf] : []))
    .sort();
  if (times.length === 0) return null;
  const updating = states.some((s) => s.kind === 'updating' || s.kind === 'loading');
  // While updating, the oldest figure on screen says how old the page may be; once fresh, the newest.
  return { asOf: updating ? times[0]! : times.at(-1)!, updating };
}
