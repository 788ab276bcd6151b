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
  Layers,
  Scale,
  ShieldAlert,
  TrendingUp,
  type LucideIcon
} from 'lucide-react';
import type { DashboardFigure, DashboardFigureName } from '@shared/contract';
import { depositStatuses, statusLabel, withdrawalStatuses } from '@shared/domain/statuses';
import { formatCount, formatDateTime, formatMoney, formatShare, formatTime } from '../../lib/format';
import type { CardState, DashboardFigures } from './api/dashboard-figures';
import type { Stat, StatStatus } from './components/StatCard';
import { paths } from '../../lib/paths';

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
  /** What is told apart beside the figure, from the figure itself (customers owing the platform); undefined: nothing. */
  aside?: (figure: DashboardFigure) => string | undefined;
}

export interface Section {
  title: string;
  description: string;
  /** The figure the cards' shares are of; absent when no card shows a share. */
  total?: DashboardFigureName;
  /** The amount whose left-out records the note under the section names, with its words. */
  amount?: { figure: DashboardFigureName; label: string; noun: { one: string; many: string }; what?: string };
  cards: CardSpec[];
  /** Rows of four cards at most, where five across would leave a gap. */
  fourAcross?: true;
}

const ofAll = (noun: string) => (value: number, total: number) => shareOf(value, total, noun);

type Figure<List extends string> = Extract<DashboardFigureName, `${List}.${string}`>;

/**
 * What differs between the money lists' sections: the icon and description, what the counts are
 * shares of ("25% of all requests") and the settled amount's label. Every other word is built from
 * the list and its statuses (pending, settled, refused, as src/shared/domain/statuses.ts orders them).
 */
interface MoneyWords {
  icon: LucideIcon;
  description: string;
  shareOf: string;
  amount: string;
  /** The settled card's word where it is not the status's own ("Successful", not "Success"). */
  settled?: string;
}

const moneyStatuses = { withdrawals: withdrawalStatuses, deposits: depositStatuses };

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A money list's section: its total, the settled, pending and refused counts as shares of it, and
 * the settled amount on a row of its own where five cards do not fit. `noun` is the settled record
 * ("approved withdrawal").
 */
function moneySection<List extends keyof typeof moneyStatuses>(list: List, words: MoneyWords): Section {
  const figure = (name: string) => `${list}.${name}` as Figure<List>;
  const [pending, settled, refused] = moneyStatuses[list];
  const settledLabel = words.settled ?? statusLabel(settled);
  const noun = `${settledLabel.toLowerCase()} ${list.slice(0, -1)}`;
  const share = { caption: ofAll(words.shareOf) };
  return {
    title: capitalised(list),
    description: words.description,
    total: figure('total'),
    amount: { figure: figure(`${settled}Amount`), label: words.amount, noun: { one: noun, many: `${noun}s` } },
    cards: [
      { figure: figure('total'), label: `Total ${list}`, caption: `${capitalised(words.shareOf)} of every status`, icon: words.icon, tone: 'neutral' },
      { figure: figure(settled), label: settledLabel, ...share, icon: CircleCheck, tone: 'success' },
      { figure: figure(pending), label: statusLabel(pending), ...share, icon: Hourglass, tone: 'warning' },
      { figure: figure(refused), label: statusLabel(refused), ...share, icon: CircleX, tone: 'danger' },
      { figure: figure(`${settled}Amount`), label: words.amount, caption: `Sum of ${noun}s`, icon: Banknote, tone: 'accent', money: true, wide: true }
    ]
  };
}

export const withdrawalSection = moneySection('withdrawals', {
  icon: ArrowUpFromLine,
  description: "Customers' requests to take money out.",
  shareOf: 'requests',
  amount: 'Total withdrawn'
});

export const depositSection = moneySection('deposits', {
  icon: ArrowDownToLine,
  description: 'Money customers have sent in.',
  shareOf: 'deposits',
  amount: 'Total deposited',
  settled: 'Successful'
});

/** The users page's KYC queue: pending submissions, the longest-waiting first. */
export const KYC_QUEUE = `${paths.users}?kyc=pending&order=oldest`;

/** The users page's approved KYC whose identity document has expired. */
export const EXPIRED_KYC = `${paths.users}?kyc=expired`;

export const usersSection: Section = {
  title: 'Customers',
  description: "Identity documents waiting for a decision, approved ones that have expired, and changes to customers' money made outside Ledgerdesk.",
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
    },
    {
      figure: 'journal.outsideLastDay',
      label: 'Changes outside Ledgerdesk (last 24 h)',
      caption: "Balances and totals changed with no audit entry (the customer app, the console, a script): each customer's Journal tab names them",
      icon: ShieldAlert,
      tone: 'danger'
    }
  ]
};

/** "Sum of customers' balances; 2 records not summed (not a number)": what its aggregation could not add, beside it. */
const summedOf =
  (what: string) =>
  (_value: number, _total: number, figure: DashboardFigure): string => {
    const apart = (figure.leftOut ?? 0) + (figure.notFinite ?? 0);
    if (apart === 0) return what;
    return `${what}; ${formatCount(apart)} ${apart === 1 ? 'record' : 'records'} not summed (amount not a number)`;
  };

/** "3 customers owe the platform $120.00": balances below zero, kept out of the liability. */
function owingAside(figure: DashboardFigure): string | undefined {
  const owing = figure.owing;
  if (!owing || owing.customers === 0) return undefined;
  return `${owing.customers === 1 ? '1 customer owes' : `${formatCount(owing.customers)} customers owe`} the platform ${formatMoney(owing.amount)}`;
}

/** "Includes 2 with no status ($300.00)": withdrawals nothing decided, counted in the figure as pending. */
function noStatusAside(figure: DashboardFigure): string | undefined {
  const none = figure.noStatus;
  if (!none || none.count === 0) return undefined;
  return `Includes ${formatCount(none.count)} with no status (${formatMoney(none.amount)})`;
}

/** What the platform owes its customers, each summed by aggregation, never by reading the records (docs/product-rules.md §6.7, §10). */
export const owedSection: Section = {
  title: 'What the platform owes',
  description:
    "Customers' balances above zero (those below it owe the platform, told apart), the withdrawals nothing has decided yet, and the principal of active investments and compound investments.",
  // Four amounts, then the drifted customers' link (two columns): five across would leave a gap in the first row.
  fourAcross: true,
  cards: [
    {
      figure: 'users.balanceTotal',
      label: 'Customer balances',
      caption: summedOf('Sum of balances above zero'),
      aside: owingAside,
      icon: Landmark,
      tone: 'accent',
      money: true
    },
    {
      figure: 'withdrawals.pendingAmount',
      label: 'Pending withdrawals',
      caption: summedOf('Withdrawals neither approved nor rejected'),
      aside: noStatusAside,
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
      figure: 'compoundInvestments.activeAmount',
      label: 'Compound investments',
      caption: summedOf('Principal of active compound investments'),
      icon: Layers,
      tone: 'neutral',
      money: true
    },
    {
      figure: 'reconciliation.drifted',
      label: 'Drifted customers',
      caption: (_value, _total, figure) => (figure.at ? `In the last reconciliation, ${formatDateTime(figure.at)}` : 'No reconciliation run has finished yet'),
      icon: Scale,
      tone: 'danger',
      to: paths.reconciliation
    }
  ]
};

/** The Investments screen's Due tab: active investments past maturity. */
export const DUE_INVESTMENTS = `${paths.investments}?tab=due`;

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
      aside: figure && card.aside ? card.aside(figure) : undefined,
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
