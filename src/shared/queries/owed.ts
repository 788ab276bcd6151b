import { isDuration } from '../domain/maturity';
import { percentOf, toCents, type Cents } from '../domain/money';
import { finite, where, type AggregationRunner, type DescribedQuery, type FirstQuery } from './aggregate';

/**
 * What the platform owes, by aggregation only (docs/product-rules.md §10): customer balances,
 * withdrawals nothing has decided, active principal, and what investments due by a moment owe. The
 * dashboard's cards (src/main/firebase/dashboardRepository.ts) and the daily snapshot, on the
 * desktop and in the platform's functions, all ask these queries through their own runner.
 * Every composite index they need is in handWritten.ts or due.ts.
 */

const DAY_MS = 86_400_000;
/** Far more durations than any platform's plans: the walk stops there rather than run away on odd data. */
const MAX_DURATIONS = 200;
const MAX_RATES = 200;
/** Firestore's first instant: `createdAt >= FIRST_INSTANT` keeps exactly the creation dates stored as timestamps. */
const FIRST_INSTANT = new Date(-62_135_596_800_000);
const NOT_FINITE = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
const ACTIVE = where('status', '==', 'active');

const withStatus = (status: string | null) => (status === null ? [] : [where('status', '==', status)]);
/** The moment an investment of `days` days must have been created by to have matured at `asOf`. */
const createdBy = (asOf: number, days: number) => new Date(asOf - days * DAY_MS);
const maturedBy = (days: number, asOf: number) => [ACTIVE, where('duration', '==', days), where('createdAt', '<=', createdBy(asOf, days))];

/** The queries themselves, one place for every process that asks them. */
export const owedQueries = {
  /** The records of a collection, of one status or all. */
  records: (collection: string, status: string | null): DescribedQuery => ({ collection, where: withStatus(status) }),
  /** Their finite values of `field` (summed, and counted in the same aggregation). */
  finiteValues: (collection: string, field: string, status: string | null): DescribedQuery => ({
    collection,
    where: [...withStatus(status), ...finite(field)]
  }),
  /** Those whose `field` is exactly `value` (NaN or an infinity: what a sum leaves out apart from text). */
  valued: (collection: string, field: string, status: string | null, value: number): DescribedQuery => ({
    collection,
    where: [...withStatus(status), where(field, '==', value)]
  }),
  balancesAbove: { collection: 'users', where: [where('balance', '>', 0), where('balance', '<', Number.POSITIVE_INFINITY)] } satisfies DescribedQuery,
  balancesBelow: { collection: 'users', where: [where('balance', '<', 0), where('balance', '>', Number.NEGATIVE_INFINITY)] } satisfies DescribedQuery,
  /** The next plan duration in use among active investments after `after` (one document per step). */
  nextDuration: (after: number | null): FirstQuery => ({
    collection: 'investments',
    where: [ACTIVE, where('duration', after === null ? '>=' : '>', after ?? 1)],
    order: { field: 'duration', direction: 'asc' },
    field: 'duration'
  }),
  /** The next ROI rate in use among active investments of one duration. */
  nextRate: (days: number, after: number | null): FirstQuery => ({
    collection: 'investments',
    where: [ACTIVE, where('duration', '==', days), where('roi', after === null ? '>=' : '>', after ?? 0)],
    order: { field: 'roi', direction: 'asc' },
    field: 'roi'
  }),
  active: { collection: 'investments', where: [ACTIVE] } satisfies DescribedQuery,
  /** Active investments of one duration matured by `asOf` (createdAt + duration days <= asOf). */
  maturedBy: (days: number, asOf: number): DescribedQuery => ({ collection: 'investments', where: maturedBy(days, asOf) }),
  /** Active investments of one duration whose creation date is a stored date (the others cannot mature). */
  placeable: (days: number): DescribedQuery => ({
    collection: 'investments',
    where: [ACTIVE, where('duration', '==', days), where('createdAt', '>=', FIRST_INSTANT)]
  }),
  /** Matured ones of one rate with a finite amount: their principal is summed. */
  maturedAtRate: (days: number, roi: number, asOf: number): DescribedQuery => ({
    collection: 'investments',
    where: [...maturedBy(days, asOf), where('roi', '==', roi), ...finite('amount')],
    orderBy: ['createdAt', 'amount']
  })
};

/** A sum's parts: the records, their finite values' total in cents, and those it left out (text or missing; NaN or infinite). */
export interface AmountParts {
  records: number;
  cents: Cents;
  leftOut: number;
  notFinite: number;
}

/** An owed amount in cents, with the records that could not be summed beside it. */
export type OwedAmount = Omit<AmountParts, 'records'>;

export interface DueOwed {
  count: number;
  /** Principal plus ROI of those whose amount and rate are finite numbers. */
  cents: Cents;
  /** Due investments left out of `cents`: their amount or ROI is not a finite number. */
  leftOut: number;
}

/** The owed figures, asked through `run`. */
export function owedFigures(run: AggregationRunner) {
  /**
   * A sum of `field` over the records of one status (or all, status null): the finite values summed
   * and counted by one aggregation query, beside the record count; what the two counts differ by is
   * left out, and only then are the NaN and infinite values counted apart from the text ones.
   */
  async function partsOf(collection: string, field: string, status: string | null): Promise<AmountParts> {
    const [records, summed] = await Promise.all([
      run.count(owedQueries.records(collection, status)),
      run.countAndSum(owedQueries.finiteValues(collection, field, status), field)
    ]);
    const notSummed = Math.max(0, records - summed.count);
    const notFinite =
      notSummed === 0
        ? 0
        : (await Promise.all(NOT_FINITE.map((value) => run.count(owedQueries.valued(collection, field, status, value))))).reduce((a, b) => a + b, 0);
    return { records, cents: toCents(summed.sum), leftOut: notSummed - notFinite, notFinite };
  }

  /**
   * Customers' balances: the sum of those above zero. A balance below zero is what a customer owes
   * the platform, reported beside the figure (owing) instead of netted against it.
   */
  async function balances(): Promise<OwedAmount & { owing: { customers: number; cents: Cents } }> {
    const [all, above, below] = await Promise.all([
      partsOf('users', 'balance', null),
      run.countAndSum(owedQueries.balancesAbove, 'balance'),
      run.countAndSum(owedQueries.balancesBelow, 'balance')
    ]);
    return {
      cents: toCents(above.sum),
      leftOut: all.leftOut,
      notFinite: all.notFinite,
      owing: { customers: below.count, cents: Math.abs(toCents(below.sum)) }
    };
  }

  /**
   * Withdrawals nothing has decided: every withdrawal less the approved (paid out) and the rejected
   * (refunded). A status cannot be queried for being absent, so the undecided are counted by
   * subtraction: pending ones, and those with no status or one Ledgerdesk does not recognise
   * (noStatus). Approved and rejected are final, so a decision landing between the queries moves a
   * withdrawal from "all" to the figure it is subtracted with.
   */
  async function undecidedWithdrawals(): Promise<OwedAmount & { noStatus: { count: number; cents: Cents } }> {
    const [all, approved, rejected, pending] = await Promise.all(
      [null, 'approved', 'rejected', 'pending'].map((status) => partsOf('withdrawals', 'amount', status))
    );
    const undecided = (part: keyof AmountParts) => Math.max(0, all![part] - approved![part] - rejected![part]);
    return {
      cents: undecided('cents'),
      leftOut: undecided('leftOut'),
      notFinite: undecided('notFinite'),
      noStatus: { count: Math.max(0, undecided('records') - pending!.records), cents: Math.max(0, undecided('cents') - pending!.cents) }
    };
  }

  /** The principal of a collection's active records (investments, compoundInvest). */
  async function activePrincipal(collection: 'investments' | 'compoundInvest'): Promise<OwedAmount> {
    const { cents, leftOut, notFinite } = await partsOf(collection, 'amount', 'active');
    return { cents, leftOut, notFinite };
  }

  /** Steps through the values of a FirstQuery in order, one document per step (plus one that finds none). */
  async function valuesInUse(next: (after: number | null) => FirstQuery, max: number, keep: (value: number) => boolean): Promise<number[]> {
    const found: number[] = [];
    let last: number | null = null;
    for (let step = 0; step < max; step++) {
      const value = await run.first(next(last));
      if (typeof value !== 'number' || !Number.isFinite(value)) break;
      if (keep(value)) found.push(value);
      last = value;
    }
    return found;
  }

  /** Every plan duration in use among active investments; durations that are not a whole number of days are stepped over. */
  const durationsInUse = (): Promise<number[]> => valuesInUse(owedQueries.nextDuration, MAX_DURATIONS, isDuration);

  /** How many active investments have matured at `asOf`, over the durations in use. */
  async function dueCount(asOf: number, durations: readonly number[]): Promise<number> {
    return (await Promise.all(durations.map((days) => run.count(owedQueries.maturedBy(days, asOf))))).reduce((a, b) => a + b, 0);
  }

  /**
   * What the investments matured at `asOf` owe, per duration and ROI rate: the sum of their finite
   * amounts plus that rate's ROI on the sum (rounded to the cent once per rate, so it can differ from
   * the rows' own roundings by less than a cent per investment). Those whose amount or rate is not a
   * finite number are counted in leftOut.
   */
  async function dueOwed(asOf: number): Promise<DueOwed> {
    const durations = await durationsInUse();
    const perDuration = await Promise.all(
      durations.map(async (days) => {
        const [due, each] = await Promise.all([
          run.count(owedQueries.maturedBy(days, asOf)),
          valuesInUse(
            (after) => owedQueries.nextRate(days, after),
            MAX_RATES,
            () => true
          ).then((rates) =>
            Promise.all(
              rates.map(async (roi) => {
                const { count, sum } = await run.countAndSum(owedQueries.maturedAtRate(days, roi, asOf), 'amount');
                const principal = toCents(sum);
                return { count, cents: principal + percentOf(principal, roi) };
              })
            )
          )
        ]);
        return { due, summed: each.reduce((a, b) => a + b.count, 0), cents: each.reduce((a, b) => a + b.cents, 0) };
      })
    );
    const count = perDuration.reduce((a, b) => a + b.due, 0);
    const summed = perDuration.reduce((a, b) => a + b.summed, 0);
    return { count, cents: perDuration.reduce((a, b) => a + b.cents, 0), leftOut: Math.max(0, count - summed) };
  }

  return { partsOf, balances, undecidedWithdrawals, activePrincipal, durationsInUse, dueCount, dueOwed };
}

export type OwedFigures = ReturnType<typeof owedFigures>;
