import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import { StoredTimestamp } from './stored';

/**
 * Hash-chained records (docs/product-rules.md §16): each journal entry of a customer, and each audit
 * entry, carries `seq` (1, 2, 3... with no gap) and `hash` = SHA-256 over the previous entry's hash
 * and the entry's canonical form. Editing, deleting, inserting or reordering an entry breaks the link
 * after it; rewriting the last one breaks the head the digest signed. Pure: the desktop, the
 * functions and the offline verifier (tools/records) compute the same bytes.
 */

/** The `hash` a chain's first entry links to: no entry came before it. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * The fields a chained entry holds that are not hashed: its own hash, and `recordedAt`, the store's
 * commit stamp, which no writer can know before its transaction commits. Every other field is hashed.
 */
export const UNHASHED_FIELDS = ['hash', 'recordedAt'] as const;

/**
 * A value as it is hashed: times as integer epoch milliseconds, everything else as stored. Entries
 * keep amounts as integer cents, so no decimal ever reaches the hash.
 */
export function plainOf(value: unknown): unknown {
  if (value instanceof StoredTimestamp) return value.toMillis();
  if (value instanceof Date) return value.getTime();
  if (Array.isArray(value)) return value.map(plainOf);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plainOf(inner)]));
  }
  return value;
}

/**
 * The canonical serialization: object keys sorted (by UTF-16 code unit, as JavaScript sorts),
 * undefined fields left out, no spaces, -0 written as 0. A non-finite number or a value JSON cannot
 * say (a function, a bigint) is refused, so two writers can never hash one entry two ways.
 */
export function canonical(value: unknown): string {
  const plain = plainOf(value);
  if (plain === null || typeof plain === 'boolean' || typeof plain === 'string') return JSON.stringify(plain);
  if (typeof plain === 'number') {
    if (!Number.isFinite(plain)) throw new Error(`A chained entry cannot hold ${String(plain)}.`);
    return Object.is(plain, -0) ? '0' : JSON.stringify(plain);
  }
  if (Array.isArray(plain)) return `[${plain.map((item) => canonical(item === undefined ? null : item)).join(',')}]`;
  if (typeof plain === 'object') {
    const map = plain as Record<string, unknown>;
    const keys = Object.keys(map)
      .filter((key) => map[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(map[key])}`).join(',')}}`;
  }
  throw new Error(`A chained entry cannot hold a ${typeof plain}.`);
}

export const sha256Hex = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)));

/** The entry's fields as hashed: everything but the unhashed ones. */
const hashedPart = (entry: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(entry).filter(([key]) => !(UNHASHED_FIELDS as readonly string[]).includes(key)));

/** hash = SHA-256(previous hash || "\n" || canonical(entry without its hash)). */
export const linkHash = (previousHash: string, entry: Record<string, unknown>): string => sha256Hex(`${previousHash}\n${canonical(hashedPart(entry))}`);

/** The head a writer keeps per chain, read and written in the same transaction as each entry. */
export interface ChainHead {
  seq: number;
  hash: string;
}

export const EMPTY_HEAD: ChainHead = { seq: 0, hash: GENESIS_HASH };

/** The next entry on a chain: its seq and hash, given the head before it; the new head is the same pair. */
export function chainNext(head: ChainHead, entry: Record<string, unknown>): ChainHead {
  const seq = head.seq + 1;
  return { seq, hash: linkHash(head.hash, { ...entry, seq }) };
}

/** One stored entry as a verifier reads it: where it is (for the report) and its fields. */
export interface ChainedEntry {
  path: string;
  data: Record<string, unknown>;
}

/** The first thing found wrong, naming the document and what it should have been. */
export interface BrokenLink {
  path: string;
  reason: string;
}

/**
 * Checks one chain in its stored order by seq. The chain may start after genesis (`from`: the head
 * of the last verified range), and should end at `head` when the writer's head is known.
 * Reports the first broken link only: everything after it is unproven, not separately wrong.
 */
export function verifyChain(entries: readonly ChainedEntry[], options: { from?: ChainHead; head?: ChainHead | null; headPath?: string } = {}): BrokenLink[] {
  let previous = options.from ?? EMPTY_HEAD;
  // An entry without a readable seq sorts first, so it is the one reported.
  const sorted = [...entries].sort((a, b) => (Number.isFinite(seqOf(a)) ? seqOf(a) : -1) - (Number.isFinite(seqOf(b)) ? seqOf(b) : -1));
  for (const entry of sorted) {
    const seq = seqOf(entry);
    if (!Number.isInteger(seq) || seq < 1) return [{ path: entry.path, reason: `Its seq is ${String(entry.data.seq)}, not a position on the chain.` }];
    if (seq <= previous.seq) return [{ path: entry.path, reason: `Seq ${seq} comes again after seq ${previous.seq}: an entry was inserted or repeated.` }];
    if (seq !== previous.seq + 1) {
      return [{ path: entry.path, reason: `Entries ${previous.seq + 1} to ${seq - 1} are missing: seq ${seq} follows seq ${previous.seq}.` }];
    }
    const expected = linkHash(previous.hash, entry.data);
    if (entry.data.hash !== expected) {
      return [
        {
          path: entry.path,
          reason: `Its hash is ${short(entry.data.hash)}, but the entry as stored hashes to ${short(expected)} after seq ${previous.seq}: it was changed, or the entry before it was.`
        }
      ];
    }
    previous = { seq, hash: expected };
  }
  const head = options.head;
  if (head && (head.seq !== previous.seq || head.hash !== previous.hash)) {
    return [
      {
        path: options.headPath ?? 'head',
        reason: `The head says seq ${head.seq} (${short(head.hash)}), but the entries end at seq ${previous.seq} (${short(previous.hash)}): the last entries were changed or removed.`
      }
    ];
  }
  return [];
}

const seqOf = (entry: ChainedEntry): number => (typeof entry.data.seq === 'number' ? entry.data.seq : Number.NaN);
const short = (hash: unknown): string => (typeof hash === 'string' ? `${hash.slice(0, 12)}…` : 'missing');
