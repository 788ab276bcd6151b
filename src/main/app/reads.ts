import type { Changeset, DocSnapshot } from '../../shared/domain/changeset';
import { fail, ok, type Result } from '../../shared/result';
import type { TransactionReader } from './ports/ledgerStore';

/** Reads a document inside the transaction; a missing one refuses the change with NOT_FOUND. */
export async function required(read: TransactionReader, path: string, notFound: string): Promise<Result<DocSnapshot>> {
  const found = await read.get(path);
  return found ? ok(found) : fail('NOT_FOUND', notFound);
}

/** What a screen learns from a committed change: the toast and the totals it moved. */
export const outcomeOf = (changeset: Changeset) => ({ message: changeset.message, effects: changeset.effects });
