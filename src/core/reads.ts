import type { Changeset, DocSnapshot } from '../shared/domain/changeset';
import { fail, ok, type Result } from '../shared/result';
import type { TransactionReader } from './ports/ledgerStore';

/** A stored reference to another document (a deposit's userId, investmentId) usable as its id, or null. */
export const idOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() && !value.includes('/') ? value.trim() : null);

/** Reads a document inside the transaction; a missing one refuses the change with NOT_FOUND. */
export async function required(read: TransactionReader, path: string, notFound: string): Promise<Result<DocSnapshot>> {
  const found = await read.get(path);
  return found ? ok(found) : fail('NOT_FOUND', notFound);
}

/** What a screen learns from a committed change: the toast and the totals it moved. */
export const outcomeOf = (changeset: Changeset) => ({
  message: changeset.message,
  effects: changeset.effects,
  // A covered change made a request instead (dual control): the screen says so and names it.
  ...(changeset.audit.action.endsWith('.approvalRequested') && changeset.audit.approvalRequestId
    ? { approvalRequestId: changeset.audit.approvalRequestId }
    : {})
});
