import { collection, collectionGroup, limit, orderBy, query, Timestamp, where, type Firestore, type QueryConstraint } from 'firebase/firestore';
import { readDocs } from './reads';
import type { DailyTotals, DashboardFigureName } from '../../shared/contract';
import type { DashboardRepository, FigureValue } from '../../core/ports/dashboardRepository';
import type { InvestmentsDue } from '../../core/ports/investmentsDue';
import { fromCents, toCents } from '../../shared/domain/money';
import { finite, where as filter, type DescribedQuery } from '../../shared/queries/aggregate';
import { owedFigures, owedQueries, type OwedAmount } from '../../shared/queries/owed';
import { firestoreAggregations } from './aggregations';
import { countOf } from './counting';
import { mapFirebaseErrors } from './errors';
import { isoOf } from './values';

/** How far back the dashboard counts changes made outside Ledgerdesk. */
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Dashboard figures come from aggregation queries only: opening the dashboard costs a handful of
 * reads whether the platform has a hundred records or a million. Each card's figure is asked for on
 * its own (so each fills as it answers); an aggregation two figures need at the same moment (the
 * settled count: its card and the amount's left-out count) runs once and answers both. What the
 * platform owes is asked through the queries the daily snapshot asks too (src/shared/queries/owed.ts).
 */
export function firestoreDashboardRepository(db: Firestore, due: InvestmentsDue): DashboardRepository {
  const run = firestoreAggregations(db);
  const owed = owedFigures(run);
  const countWhere = (name: string, ...filters: QueryConstraint[]): Promise<number> => countOf(query(collection(db, name), ...filters));
  const inCents = (total: number) => fromCents(toCents(total));
  // Through the runner, so a count a card and an amount's left-out count both need is asked once.
  const countAll = (name: string) => run.count(owedQueries.records(name, null));
  const countStatus = (name: string, status: string) => run.count(owedQueries.records(name, status));
  const inDollars = ({ cents, leftOut, notFinite }: OwedAmount): FigureValue => ({ value: fromCents(cents), leftOut, notFinite });
  /**
   * A settled amount, always finite. sum() skips amounts that are not numbers (a string "1,250.00",
   * null, a missing field), and one NaN or infinite amount makes it NaN or infinite; so it sums the
   * finite amounts only and counts what it left out (src/shared/queries/owed.ts, partsOf).
   */
  const settledAmount = async (name: string, status: string): Promise<FigureValue> => inDollars(await owed.partsOf(name, 'amount', status));
  const counted = (n: Promise<number>): Promise<FigureValue> => n.then((value) => ({ value, leftOut: null, notFinite: null }));

  const figures: Record<DashboardFigureName, () => Promise<FigureValue>> = {
    'withdrawals.total': () => counted(countAll('withdrawals')),
    'withdrawals.approved': () => counted(countStatus('withdrawals', 'approved')),
    'withdrawals.pending': () => counted(countStatus('withdrawals', 'pending')),
    'withdrawals.rejected': () => counted(countStatus('withdrawals', 'rejected')),
    'withdrawals.approvedAmount': () => settledAmount('withdrawals', 'approved'),
    'deposits.total': () => counted(countAll('deposits')),
    'deposits.success': () => counted(countStatus('deposits', 'success')),
    'deposits.pending': () => counted(countStatus('deposits', 'pending')),
    'deposits.failed': () => counted(countStatus('deposits', 'failed')),
    'deposits.successAmount': () => settledAmount('deposits', 'success'),
    // The KYC queue's length (users.verificationCounts counts the same, for the users page's chips).
    'kyc.pending': () => counted(countWhere('users', where('kyc.status', '==', 'pending'))),
    // What the platform owes (docs/product-rules.md §10): customers' balances, withdrawals waiting, principal invested.
    'users.balanceTotal': async () => {
      const { owing, ...amount } = await owed.balances();
      return { ...inDollars(amount), owing: { customers: owing.customers, amount: fromCents(owing.cents) } };
    },
    'withdrawals.pendingAmount': async () => {
      const { noStatus, ...amount } = await owed.undecidedWithdrawals();
      return { ...inDollars(amount), noStatus: { count: noStatus.count, amount: fromCents(noStatus.cents) } };
    },
    'investments.activeAmount': async () => inDollars(await owed.activePrincipal('investments')),
    'compoundInvestments.activeAmount': async () => inDollars(await owed.activePrincipal('compoundInvest')),
    // The last finished reconciliation run: its drifted customers, dated by its end (none yet: 0, no date).
    'reconciliation.drifted': async () => {
      const found = await readDocs(query(collection(db, 'reconciliationRuns'), where('state', '==', 'finished'), orderBy('finishedAt', 'desc'), limit(1)));
      const last = found.docs[0];
      const drifted = (last?.get('totals') as { drifted?: unknown } | undefined)?.drifted;
      return { value: typeof drifted === 'number' ? drifted : 0, leftOut: null, notFinite: null, at: last ? isoOf(last.get('finishedAt')) : null };
    },
    'investments.due': () => counted(due.count(new Date())),
    'investments.dueOwed': () => owed.dueOwed(Date.now()).then(({ cents, leftOut }) => ({ value: fromCents(cents), leftOut, notFinite: 0 })),
    // Approved KYC whose expiry date has passed (the users list's "expired" filter counts the same).
    'kyc.expired': () =>
      counted(
        countWhere('users', where('kyc.status', '==', 'approved'), where('kyc.expiryDate', '<=', Timestamp.fromDate(new Date())), orderBy('kyc.expiryDate'))
      ),
    // Every customer's journal at once (a collection-group count, its index declared in handWritten.ts): no entry is read.
    'journal.outsideLastDay': () =>
      counted(countOf(query(collectionGroup(db, 'journal'), where('outside', '==', true), where('at', '>=', Timestamp.fromMillis(Date.now() - DAY_MS)))))
  };

  return {
    /** One card's figure: a count, or an amount with the records its sum left out. */
    figure: (name: DashboardFigureName): Promise<FigureValue> => mapFirebaseErrors(() => figures[name]()),

    /**
     * Deposited (successful deposits by `timestamp`) and withdrawn (approved withdrawals by
     * `createdAt`) per local calendar day, oldest first: two sums per day, all in parallel. A day
     * whose sum is not finite (a NaN or infinite amount) is summed again over its finite amounts,
     * and the records it leaves out are counted.
     */
    daily: (days: number, now = new Date()): Promise<DailyTotals> =>
      mapFirebaseErrors(async () => {
        const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
        const starts = Array.from({ length: days }, (_, i) => new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1 - i)));
        const between = (field: string, start: Date) => [
          filter(field, '>=', start),
          // The next local midnight, not start + 24 h: days are 23 or 25 hours around DST changes.
          filter(field, '<', new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1))
        ];
        const unsummed = { deposits: 0, withdrawals: 0 };
        const daySum = async (name: 'deposits' | 'withdrawals', status: string, field: string, start: Date): Promise<number> => {
          const day: DescribedQuery = { collection: name, where: [filter('status', '==', status), ...between(field, start)] };
          const total = await run.sum(day, 'amount');
          if (Number.isFinite(total)) return inCents(total);
          // Ordered by the date first, so the index serves the day's range and then the amounts.
          const summable: DescribedQuery = { collection: name, where: [...day.where, ...finite('amount')], orderBy: [field, 'amount'] };
          const [all, summed, finiteTotal] = await Promise.all([run.count(day), run.count(summable), run.sum(summable, 'amount')]);
          unsummed[name] += Math.max(0, all - summed);
          return inCents(finiteTotal);
        };
        const totals = await Promise.all(
          starts.map((start) => Promise.all([daySum('deposits', 'success', 'timestamp', start), daySum('withdrawals', 'approved', 'createdAt', start)]))
        );
        const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
        return {
          days: starts.map((start, i) => ({ date: iso(start), deposited: totals[i]![0], withdrawn: totals[i]![1] })),
          unsummed,
          asOf: now.toISOString()
        };
      })
  };
}
