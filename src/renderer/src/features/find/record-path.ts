import { ArchiveX, ArrowDownToLine, ArrowUpFromLine, Layers, TrendingUp, UserRound, type LucideIcon } from 'lucide-react';
import type { RecordKind, RecordMatch } from '@shared/contract';
import { paths, customerPagePath } from '../../lib/paths';

/** How each kind of match looks in the results and where opening it goes. */
export const kindLook: Record<RecordKind, { noun: string; icon: LucideIcon; tint: string; list?: string }> = {
  deposit: { noun: 'Deposit', icon: ArrowDownToLine, tint: 'bg-emerald-50 text-emerald-700', list: paths.deposits },
  withdrawal: { noun: 'Withdrawal', icon: ArrowUpFromLine, tint: 'bg-amber-50 text-amber-700', list: paths.withdrawals },
  investment: { noun: 'Investment', icon: TrendingUp, tint: 'bg-sky-50 text-sky-700', list: paths.investments },
  compoundInvestment: { noun: 'Compound investment', icon: Layers, tint: 'bg-violet-50 text-violet-700', list: paths.compoundInvestments },
  user: { noun: 'Customer', icon: UserRound, tint: 'bg-indigo-50 text-indigo-700' },
  archivedUser: { noun: 'Deleted customer', icon: ArchiveX, tint: 'bg-slate-100 text-slate-700', list: paths.deletedUsers }
};

/**
 * A customer opens on their page; a money record opens in its list, which starts at that record
 * and highlights it (`focus`), whatever page it would be on.
 */
export function recordPath(match: Pick<RecordMatch, 'kind' | 'id'>): string {
  const id = encodeURIComponent(match.id);
  const list = kindLook[match.kind].list;
  return list ? `${list}?focus=${id}` : customerPagePath(id);
}
