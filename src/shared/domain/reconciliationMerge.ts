import type { Cents } from './money';
import { compareIds, countOrphan, noSums, reconciledFigures, type FigureSums, type ReconciledFigure, type RunTotals } from './reconciliation';

/**
 * Whose records are whose in the reconciliation merge (docs/product-rules.md §6.7). The run reads
 * records ordered by their stored userId, as Firestore sorts it, and credits each to the customer
 * a status change would have credited: the userId with the spaces around it dropped. These rules
 * say where such a record sits in the stream and which of the customer's spellings are looked for,
 * so that the run and one customer's check (users.reconcile) find the same records.
 */

/**
 * The customer a record names, read as a status change reads it (idOf in src/core/reads.ts):
 * text, the spaces around it dropped, not empty and without '/'; anything else names nobody.
 */
export const recordOwner = (userId: unknown): string | null => (typeof userId === 'string' && userId.trim() && !userId.includes('/') ? userId.trim() : null);

/**
 * Text below this starts with a space, a tab, a line break or another control character: Firestore
 * sorts it before every customer id, so such records are read apart, before the merge.
 */
export const LEADING_BELOW = '!';

export const isLeading = (text: string): boolean => compareIds(text, LEADING_BELOW) < 0;

/**
 * The spellings of a customer's id their records are found under: the id itself, the id with
 * spaces after it (Firestore sorts those right after it, below id + '!') and with spaces before it
 * (read apart). A record whose spaces are of another kind (a no-break space) sorts elsewhere and is
 * counted as an orphan.
 */
export function foundUnder(customerId: string, userId: string): boolean {
  if (recordOwner(userId) !== customerId) return false;
  return userId === customerId || isLeading(userId) || compareIds(userId, customerId + LEADING_BELOW) < 0;
}

/** Where a record sits in its stream: its userId when it is text, else whether Firestore sorts the value before text (null, booleans, numbers, dates) or after it (references, maps, arrays). */
export interface Placed {
  /** The record's document path, as orphans are listed. */
  path: string;
  userId: string | null;
  beforeText: boolean;
}

/** A successful deposit or an approved withdrawal as the run reads it. */
export interface RunRecord extends Placed {
  /** null: an amount an approval would refuse, counted apart. */
  cents: Cents | null;
}

/** An audit entry's summable moves: each figure's signed change in cents. */
export interface RunAdjustment extends Placed {
  moved: Partial<Record<string, number>>;
}

/**
 * What the merge does with a stream's next record while it checks `customer` (null: there is no
 * customer left), `next` being the customer after it (null: none):
 * - theirs: one of the customer's spellings;
 * - apart: it starts with a space (or is empty), read apart before the merge, skipped here;
 * - later: it sorts at or after the next customer, so it waits;
 * - orphan: anything else, including every value that is not text.
 */
export type Placement = 'theirs' | 'apart' | 'later' | 'orphan';

export function placeRecord(record: Placed, customer: string | null, next: string | null): Placement {
  if (record.userId === null) return record.beforeText || next === null ? 'orphan' : 'later';
  if (isLeading(record.userId)) return 'apart';
  if (customer !== null && foundUnder(customer, record.userId)) return 'theirs';
  if (next !== null && compareIds(record.userId, next) >= 0) return 'later';
  return 'orphan';
}

/**
 * Records read apart (their userId starts with a space), held in the order of the customer they
 * name until the merge reaches that customer; one naming nobody waits under '' and is an orphan at
 * the first customer. `after`: a resumed run's last customer done, whose records and orphans up to
 * there are counted already.
 */
export class HeldRecords<T extends Placed> {
  private readonly held: { owner: string; item: T }[] = [];
  private index = 0;

  constructor(private readonly after: string | null) {}

  get size(): number {
    return this.held.length - this.index;
  }

  add(item: T): void {
    const owner = recordOwner(item.userId) ?? '';
    if (this.after !== null && compareIds(owner, this.after) <= 0) return;
    this.held.push({ owner, item });
  }

  /** Once every record is added: in customer order. */
  sort(): void {
    this.held.sort((a, b) => compareIds(a.owner, b.owner));
  }

  /** Hands the held records up to `customer` (null: all of them) to `theirs` or `orphan`. */
  upTo(customer: string | null, theirs: (item: T) => void, orphan: (item: T) => void): void {
    for (; this.index < this.held.length; this.index++) {
      const { owner, item } = this.held[this.index]!;
      const order = customer === null ? -1 : compareIds(owner, customer);
      if (order > 0) return;
      if (order === 0 && owner !== '') theirs(item);
      else orphan(item);
    }
  }
}

export type CustomerSumsByFigure = Record<ReconciledFigure, FigureSums>;

export const emptySums = (): CustomerSumsByFigure => ({ Totaldeposit: noSums(), Totalwithdrawal: noSums(), Totalwithdrawals: noSums() });

const RECORD_FIGURES: Record<'deposits' | 'withdrawals', ReconciledFigure[]> = {
  deposits: ['Totaldeposit'],
  withdrawals: ['Totalwithdrawal', 'Totalwithdrawals']
};

/** A customer's successful deposit or approved withdrawal, added to their sums and the run's counts. */
export function tallyRecord(sums: CustomerSumsByFigure, totals: RunTotals, source: 'deposits' | 'withdrawals', record: RunRecord): void {
  totals[source] += 1;
  if (record.cents === null) totals.unsummable += 1;
  for (const figure of RECORD_FIGURES[source]) {
    if (record.cents === null) sums[figure].unsummable += 1;
    else {
      sums[figure].records += record.cents;
      sums[figure].recordCount += 1;
    }
  }
}

/** One of the customer's audited adjustments, added to the figures it moved. */
export function tallyAdjustment(sums: CustomerSumsByFigure, totals: RunTotals, adjustment: RunAdjustment): void {
  totals.adjustments += 1;
  for (const figure of reconciledFigures) {
    const moved = adjustment.moved[figure];
    if (moved === undefined) continue;
    sums[figure].adjustments += moved;
    sums[figure].adjustmentCount += 1;
  }
}

export const tallyOrphan = (totals: RunTotals) => (item: Placed) => countOrphan(totals, item.path);
