import { createHash } from 'node:crypto';
import type { Changeset, DocSnapshot } from '../shared/domain/changeset';
import { figuresRead, readsText, versionText, type ReadDocument } from '../shared/domain/readVersion';
import { PLATFORM_SETTINGS_PATH } from '../shared/domain/platformSettings';
import { TXID_GUARDS } from '../shared/domain/txid';
import type { TransactionReader } from './ports/ledgerStore';

/**
 * The version of what a status change read (src/shared/domain/readVersion.ts says what it covers):
 * a digest of the facts read and the figures the decision moves, by value. A preview answers it; a
 * commit given it rebuilds it from its own reads and decision and refuses when they differ.
 */
export const versionOf = (reads: readonly ReadDocument[], decision: Changeset | null): string =>
  versionText(createHash('sha256').update(readsText(reads)).digest('base64url'), figuresRead(reads, decision));

/** The words of a STALE_VERSION refusal. */
export const CHANGED_SINCE_PREVIEW = 'This record changed since you opened it.';

/**
 * Read by a decision for checks its transaction makes again with their own refusal, so they are
 * left out of the version: a txid guard created meanwhile answers "This transaction already
 * credited deposit …", a txid required meanwhile answers that it is required; neither is
 * "This record changed since you opened it.".
 */
const checkedAgain = (path: string) => path === PLATFORM_SETTINGS_PATH || path.startsWith(`${TXID_GUARDS}/`);

/** A reader that remembers every document it handed out (and every path it found empty). */
export function recordingReader(read: TransactionReader): { reader: TransactionReader; reads: ReadDocument[] } {
  const reads: ReadDocument[] = [];
  const seen = (doc: DocSnapshot, collection: string) => reads.push({ path: `${collection}/${doc.id}`, data: doc.data });
  return {
    reads,
    reader: {
      async get(path) {
        const found = await read.get(path);
        if (!checkedAgain(path)) reads.push({ path, data: found?.data ?? null });
        return found;
      },
      async findOne(collection, field, value) {
        const found = await read.findOne(collection, field, value);
        if (found) seen(found, collection);
        return found;
      },
      async findAll(collection, field, value, max) {
        const found = await read.findAll(collection, field, value, max);
        for (const doc of found) seen(doc, collection);
        return found;
      },
      async listAll(collection, max) {
        const found = await read.listAll(collection, max);
        for (const doc of found) seen(doc, collection);
        return found;
      },
      async find(shape, equal, max, from) {
        const found = await read.find(shape, equal, max, from);
        for (const doc of found) seen(doc, shape.collection);
        return found;
      }
    }
  };
}
