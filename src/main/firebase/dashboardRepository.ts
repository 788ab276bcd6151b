import {
  collection,
  collectionGroup,
  count,
  getAggregateFromServer,
  getDocs,
  limit,
  orderBy,
  query,
  sum,
  Timestamp,
  where,
  type Firestore,
  type QueryConstraint
} from 'firebase/firestore';
import type { DailyTotals, DashboardFigureName } from '../../shared/contract';
import type { DashboardRepository, FigureValue } from '../app/ports/dashboardRepository';
import type { InvestmentsDue } from '../app/ports/investmentsDue';
import { fromCents, toCents } from '../../shared/domain/money';
import { countOf } from './counting';
import { mapFirebaseErrors } from './errors';
import { isoOf } from './values';

/** How far back the dashboard counts changes made outside Ledgerdesk. */
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Dashboard figures come from aggregation queries only: opening the dashboard costs a handful of
 * reads whether the platform has a hundred records or a million. Each card's figure is asked for on
 * its own (so each fills as it answers); an aggregation two figures need at the same moment (the
 * settled count: its card and the amount's left-out count) runs once and answers both.
 */
export function firestoreDashboardRepository(db: Firestore, due: InvestmentsDue): DashboardRepository {
  const inFlight = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, run: () => Promise<T>): Promise<T> => {
    let answer = inFlight.get(key) as Promise<T> | undefined;
    if (!answer) {
      answer = run().finally(() => inFlight.delete(key));
      inFlight.set(key, answer);
    }
    return answer;
  };
  const countWhere = (name: string, ...filters: QueryConstraint[]): Promise<number> => countOf(query(collection(db, name), ...filters));
  const sumWhere = async (name: string, ...filters: QueryConstraint[]): Promise<number> => sumOf(name, 'amount', ...filters);
  const sumOf = async (name: string, field: string, ...filters: QueryConstraint[]): Promise<number> => {
    const snapshot = await getAggregateFromServer(query(collection(db, name), ...filters), { total: sum(field) });
    return snapshot.data().total ?? 0;
  };
  /**
   * The finite values of `field` within `filters`: their sum and how many they are, asked in one
   * aggregation query, so the two describe the same records even while the collection changes.
   */
  const finiteSumOf = (name: string, field: string, filters: QueryConstraint[]) => rangeSumOf(name, field, [...filters, ...finiteRange(field)]);
  /** The sum of `field` over the records within `filters` (a range on that field) and how many they are, in one aggregation query. */
  const rangeSumOf = async (name: string, field: string, filters: QueryConstraint[]): Promise<{ total: number; summed: number }> => {
    const snapshot = await getAggregateFromServer(query(collection(db, name), ...filters), { total: sum(field), n: count() });
    const { total, n } = snapshot.data();
    return { total: total ?? 0, summed: n };
  };
  const inCents = (total: number) => fromCents(toCents(total));
  const countAll = (name: string) => once(`${name}|count`, () => countWhere(name));
  const countStatus = (name: string, status: string) => once(`${name}|count|${status}`, () => countWhere(name, where('status', '==', status)));
  /**
   * A settled amount, always finite. sum() skips amounts that are not numbers (a string "1,250.00",
   * null, a missing field), and one NaN or infinite amount makes it NaN or infinite; so it sums the
   * finite amounts only (NaN sorts below -Infinity, so the open range holds exactly them) and counts
   * what it left out: text and missing amounts in `leftOut`, NaN and infinite ones in `notFinite`.
   */
  const settledAmount = (name: string, status: string): Promise<FigureValue> => amountOf(name, 'amount', status);
  /**
   * A sum of `field` over the records of one status (or all of them, status null), as settledAmount
   * says: the finite values summed and counted by one aggregation query, beside the record count
   * (which the count cards share); what the two counts differ by is left out, and only then are the
   * NaN and infinite values counted apart from the text ones.
   */
  const amountOf = async (name: string, field: string, status: string | null): Promise<FigureValue> => {
    const { cents, leftOut, notFinite } = await partsOf(name, field, status);
    return { value: fromCents(cents), leftOut, notFinite };
  };
  /** amountOf's parts, in cents, with the record count: what the figures built by subtraction need. */
  const partsOf = async (name: string, field: string, status: string | null): Promise<AmountParts> => {
    const filters = status === null ? [] : [where('status', '==', status)];
    const key = `${name}|${field}|${status ?? '*'}`;
    const [n, { total, summed }] = await Promise.all([
      status === null ? countAll(name) : countStatus(name, status),
      once(`${key}|finite`, () => finiteSumOf(name, field, filters))
    ]);
    const notSummed = Math.max(0, n - summed);
    const notFinite =
      notSummed === 0 ? 0 : (await Promise.all(NOT_FINITE.map((value) => countWhere(name, ...filters, where(field, '==', value))))).reduce((a, b) => a + b, 0);
    return { records: n, cents: toCents(total), leftOut: notSummed - notFinite, notFinite };
  };
  /**
   * Withdrawals nothing has decided: every withdrawal less the approved (paid out) and the rejected
   * (refunded to the balance). A status cannot be queried for being absent, so the undecided are
   * counted by subtraction: pending ones, and those with no status or one Ledgerdesk does not
   * recognise, which are told apart (`noStatus`). Approved and rejected are final, so a decision
   * landing between the queries moves a withdrawal from "all" to the figure it is subtracted with.
   */
  const undecidedWithdrawals = async (): Promise<FigureValue> => {
    const [all, approved, rejected, pending] = await Promise.all(
      [null, 'approved', 'rejected', 'pending'].map((status) => partsOf('withdrawals', 'amount', status))
    );
    const undecided = (part: keyof AmountParts) => Math.max(0, all![part] - approved![part] - rejected![part]);
    return {
      value: fromCents(undecided('cents')),
      leftOut: undecided('leftOut'),
      notFinite: undecided('notFinite'),
      noStatus: { count: Math.max(0, undecided('records') - pending!.records), amount: fromCents(Math.max(0, undecided('cents') - pending!.cents)) }
    };
  };
  /**
   * Customers' balances: what the platform owes is the sum of the balances above zero; a balance
   * below zero is what a customer owes the platform, reported beside the figure instead of netted
   * against it. Text, NaN and infinite balances are counted apart as for every amount.
   */
  const balances = async (): Promise<FigureValue> => {
    const [all, above, below] = await Promise.all([
      partsOf('users', 'balance', null),
      once('users|balance|above', () => rangeSumOf('users', 'balance', [where('balance', '>', 0), where('balance', '<', Number.POSITIVE_INFINITY)])),
      once('users|balance|below', () => rangeSumOf('users', 'balance', [where('balance', '<', 0), where('balance', '>', Number.NEGATIVE_INFINITY)]))
    ]);
    return {
      value: fromCents(toCents(above.total)),
      leftOut: all.leftOut,
      notFinite: all.notFinite,
      owing: { customers: below.summed, amount: fromCents(Math.abs(toCents(below.total))) }
    };
  };
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
    'kyc.pending': () => counted(once('users|kyc|pending', () => countWhere('users', where('kyc.status', '==', 'pending')))),
    // What the platform owes (docs/product-rules.md §10): customers' balances, withdrawals waiting, principal invested.
    'users.balanceTotal': balances,
    'withdrawals.pendingAmount': undecidedWithdrawals,
    'investments.activeAmount': () => amountOf('investments', 'amount', 'active'),
    'compoundInvestments.activeAmount': () => amountOf('compoundInvest', 'amount', 'active'),
    // The last finished reconciliation run: its drifted customers, dated by its end (none yet: 0, no date).
    'reconciliation.drifted': async () => {
      const found = await getDocs(query(collection(db, 'reconciliationRuns'), where('state', '==', 'finished'), orderBy('finishedAt', 'desc'), limit(1)));
      const last = found.docs[0];
      const drifted = (last?.get('totals') as { drifted?: unknown } | undefined)?.drifted;
      return { value: typeof drifted === 'number' ? drifted : 0, leftOut: null, notFinite: null, at: last ? isoOf(last.get('finishedAt')) : null };
    },
    'investments.due': () => counted(due.count(new Date())),
    'investments.dueOwed': () => due.owed(new Date()).then(({ owed, leftOut }) => ({ value: owed, leftOut, notFinite: 0 })),
    // Approved KYC whose expiry date has passed (the users list's "expired" filter counts the same).
    'kyc.expired': () =>
      counted(
        once('users|kyc|expired', () =>
          countWhere('users', where('kyc.status', '==', 'approved'), where('kyc.expiryDate', '<=', Timestamp.fromDate(new Date())), orderBy('kyc.expiryDate'))
        )
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
          where(field, '>=', Timestamp.fromDate(start)),
          // The next local midnight, not start + 24 h: days are 23 or 25 hours around DST changes.
          where(field, '<', Timestamp.fromDate(new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1)))
        ];
        const unsummed = { deposits: 0, withdrawals: 0 };
        const daySum = async (name: 'deposits' | 'withdrawals', status: string, field: string, start: Date): Promise<number> => {
          const filters = [where('status', '==', status), ...between(field, start)];
          const total = await sumWhere(name, ...filters);
          if (Number.isFinite(total)) return inCents(total);
          // Ordered by the date first, so the index serves the day's range and then the amounts.
          const finite = [...filters, ...FINITE, orderBy(field), orderBy('amount')];
          const [all, summed, finiteTotal] = await Promise.all([countWhere(name, ...filters), countWhere(name, ...finite), sumWhere(name, ...finite)]);
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

/** A sum's parts: the records, their finite values' total in cents, and those it left out (text or missing; NaN or infinite). */
interface AmountParts {
  records: number;
  cents: number;
  leftOut: number;
  notFinite: number;
}

/** Finite numbers only: NaN sorts below -Infinity, so it is outside this open range too. */
export const finiteRange = (field: string) => [where(field, '>', Number.NEGATIVE_INFINITY), where(field, '<', Number.POSITIVE_INFINITY)];
const FINITE = finiteRange('amount');
const NOT_FINITE = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
