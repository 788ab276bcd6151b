import { canonical, sha256Hex, type BrokenLink, type ChainHead } from './chain';
import { merkleRoot } from './merkle';

/**
 * The daily digest (docs/product-rules.md §16): once a day the platform commits to the audit chain's
 * head and to every customer's journal head (a Merkle root over them), links to the previous day's
 * digest by its hash, and signs the whole with an Ed25519 key only the platform holds. An auditor
 * who kept the digest files can later prove, without trusting Firebase, that nothing signed was
 * rewritten. Pure: signing and checking a signature are passed in (node:crypto on every host).
 */

/** A customer's journal head as the digest commits to it. */
export interface CustomerHead extends ChainHead {
  userId: string;
  /** The balance the head explains, in cents. */
  balanceCents: number;
}

export interface DigestBody {
  /** The platform's day it closes (YYYY-MM-DD, in the platform's time zone). */
  day: string;
  /** Epoch milliseconds when the heads were read. */
  takenAt: number;
  audit: ChainHead;
  /** RFC 9162 root over `digestLeaf` of every customer's head, ordered by userId. */
  journalRoot: string;
  customers: number;
  /** The previous digest's `digestHash`, or null for the first one. */
  previous: string | null;
  /** The Ed25519 public key (hex, raw 32 bytes) the signature is checked with. */
  publicKey: string;
}

export interface Digest extends DigestBody {
  /** Ed25519 over `signingText(body)`, hex. */
  signature: string;
}

/** The text a customer's head is a leaf as: nothing in it can contain the separator. */
export const digestLeaf = (head: CustomerHead): string => canonical({ userId: head.userId, seq: head.seq, hash: head.hash, balanceCents: head.balanceCents });

/** Leaves in the one order every verifier rebuilds: by userId, as JavaScript sorts strings. */
export const orderedHeads = (heads: readonly CustomerHead[]): CustomerHead[] =>
  [...heads].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));

export const journalRootOf = (heads: readonly CustomerHead[]): string => merkleRoot(orderedHeads(heads).map(digestLeaf));

/** What is signed: the body's canonical form, never the signature itself. */
export const signingText = (body: DigestBody): string => canonical(body);

/** A digest's own fields and nothing else (a kept file also holds its heads; a stored one, its id). */
const bodyOf = (digest: DigestBody): DigestBody => ({
  day: digest.day,
  takenAt: digest.takenAt,
  audit: { seq: digest.audit.seq, hash: digest.audit.hash },
  journalRoot: digest.journalRoot,
  customers: digest.customers,
  previous: digest.previous,
  publicKey: digest.publicKey
});

/** The hash the next digest links to: over the signed digest, signature included. */
export const digestHash = (digest: Digest): string => sha256Hex(canonical({ ...bodyOf(digest), signature: digest.signature }));

export function digestBody(input: {
  day: string;
  takenAt: number;
  audit: ChainHead;
  heads: readonly CustomerHead[];
  previous: Digest | null;
  publicKey: string;
}): DigestBody {
  return {
    day: input.day,
    takenAt: input.takenAt,
    audit: { seq: input.audit.seq, hash: input.audit.hash },
    journalRoot: journalRootOf(input.heads),
    customers: input.heads.length,
    previous: input.previous ? digestHash(input.previous) : null,
    publicKey: input.publicKey
  };
}

/** A stored or kept digest read field by field; null when it is not one (then it cannot verify). */
export function readDigest(data: Record<string, unknown>): Digest | null {
  const audit = data.audit as Record<string, unknown> | null;
  const text = (value: unknown): value is string => typeof value === 'string';
  if (!text(data.day) || !text(data.journalRoot) || !text(data.publicKey) || !text(data.signature)) return null;
  if (typeof data.takenAt !== 'number' || typeof data.customers !== 'number' || !(data.previous === null || text(data.previous))) return null;
  if (!audit || typeof audit.seq !== 'number' || !text(audit.hash)) return null;
  return {
    day: data.day,
    takenAt: data.takenAt,
    audit: { seq: audit.seq, hash: audit.hash },
    journalRoot: data.journalRoot,
    customers: data.customers,
    previous: data.previous,
    publicKey: data.publicKey,
    signature: data.signature
  };
}

/** Checks an Ed25519 signature (hex) of a text against a raw public key (hex). */
export type SignatureCheck = (text: string, signatureHex: string, publicKeyHex: string) => boolean;

/**
 * Checks a run of digests, oldest first: each is signed by a key the auditor trusts, links to the one
 * before it, and its audit head does not go backwards (the audit chain only grows). Reports every
 * digest that fails, by `digests/{day}`.
 */
export function verifyDigests(digests: readonly Digest[], check: SignatureCheck, trustedKeys: readonly string[]): BrokenLink[] {
  const broken: BrokenLink[] = [];
  const sorted = [...digests].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  let before: Digest | null = null;
  for (const digest of sorted) {
    const path = `digests/${digest.day}`;
    if (!trustedKeys.includes(digest.publicKey))
      broken.push({ path, reason: `It is signed with the key ${digest.publicKey.slice(0, 16)}…, which is not the platform's.` });
    else if (!check(signingText(bodyOf(digest)), digest.signature, digest.publicKey)) {
      broken.push({ path, reason: 'Its signature does not match its contents: it was changed after it was signed.' });
    }
    if (before) {
      const expected = digestHash(before);
      if (digest.previous !== expected)
        broken.push({
          path,
          reason: `It links to ${String(digest.previous).slice(0, 12)}…, but the digest of ${before.day} hashes to ${expected.slice(0, 12)}….`
        });
      if (digest.audit.seq < before.audit.seq)
        broken.push({ path, reason: `Its audit head (seq ${digest.audit.seq}) is behind the one of ${before.day} (seq ${before.audit.seq}).` });
    }
    before = digest;
  }
  return broken;
}
