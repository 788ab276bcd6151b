import { ArrowDownToLine, ArrowUpFromLine, Banknote, CircleCheck, CircleX, Hourglass } from 'lucide-react';
import type { DashboardSummary } from '../../../../shared/contract';
import { formatCount, formatMoney } from '../../lib/format';
import type { Stat } from './components/StatCard';

const share = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 });

function shareOf(part: number, total: number, noun: string): string {
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

export const withdrawalNote = (w: DashboardSummary['withdrawals']) =>
  leftOutNote(w.leftOut, { one: 'approved withdrawal', many: 'approved withdrawals' }, 'Total withdrawn');

export const depositNote = (d: DashboardSummary['deposits']) =>
  leftOutNote(d.leftOut, { one: 'successful deposit', many: 'successful deposits' }, 'Total deposited');

export function withdrawalStats(w: DashboardSummary['withdrawals']): Stat[] {
  return [
    { label: 'Total withdrawals', value: formatCount(w.total), caption: 'Requests of every status', icon: ArrowUpFromLine, tone: 'neutral' },
    { label: 'Approved', value: formatCount(w.approved), caption: shareOf(w.approved, w.total, 'requests'), icon: CircleCheck, tone: 'success' },
    { label: 'Pending', value: formatCount(w.pending), caption: shareOf(w.pending, w.total, 'requests'), icon: Hourglass, tone: 'warning' },
    { label: 'Rejected', value: formatCount(w.rejected), caption: shareOf(w.rejected, w.total, 'requests'), icon: CircleX, tone: 'danger' },
    { label: 'Total withdrawn', value: formatMoney(w.approvedAmount), caption: 'Sum of approved withdrawals', icon: Banknote, tone: 'accent', wide: true }
  ];
}

export function depositStats(d: DashboardSummary['deposits']): Stat[] {
  return [
    { label: 'Total deposits', value: formatCount(d.total), caption: 'Deposits of every status', icon: ArrowDownToLine, tone: 'neutral' },
    { label: 'Successful', value: formatCount(d.success), caption: shareOf(d.success, d.total, 'deposits'), icon: CircleCheck, tone: 'success' },
    { label: 'Pending', value: formatCount(d.pending), caption: shareOf(d.pending, d.total, 'deposits'), icon: Hourglass, tone: 'warning' },
    { label: 'Failed', value: formatCount(d.failed), caption: shareOf(d.failed, d.total, 'deposits'), icon: CircleX, tone: 'danger' },
    { label: 'Total deposited', value: formatMoney(d.successAmount), caption: 'Sum of successful deposits', icon: Banknote, tone: 'accent', wide: true }
  ];
}
