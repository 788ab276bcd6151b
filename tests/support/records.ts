import { createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { chainNext, EMPTY_HEAD, type ChainedEntry, type ChainHead } from '@shared/domain/chain';
import { digestBody, signingText, type CustomerHead, type Digest } from '@shared/domain/digest';
import type { KeptDigest } from '@shared/domain/recordsCheck';

// Records as the writers leave them (docs/product-rules.md §16), for the checks' tests: an audit
// chain, three customers' journals with their heads, and two days' digests signed with a test key.
const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const rawHex = (key: KeyObject) => (key.export({ format: 'der', type: 'spki' }) as Buffer).subarray(-32).toString('hex');
const spkiOf = (hex: string) =>
  createPublicKey({ key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(hex, 'hex')]), format: 'der', type: 'spki' });
export const check = (text: string, signature: string, key: string) => verify(null, Buffer.from(text), spkiOf(key), Buffer.from(signature, 'hex'));
export const KEY = rawHex(publicKey);

/** A store as the writers leave it: an audit chain, three customers' journals, their heads, and two days' digests. */
export function recordsStore() {
  const documents: ChainedEntry[] = [];
  const chain = (pathOf: (i: number) => string, entries: Record<string, unknown>[]): ChainHead => {
    let head = EMPTY_HEAD;
    entries.forEach((entry, i) => {
      head = chainNext(head, entry);
      documents.push({ path: pathOf(i), data: { ...entry, seq: head.seq, hash: head.hash } });
    });
    return head;
  };
  const journal = (userId: string, deltas: number[]): CustomerHead => {
    const head = chain(
      (i) => `users/${userId}/journal/e${i}`,
      deltas.map((deltaCents, i) => ({ field: 'balance', deltaCents, at: 1000 + i }))
    );
    const balanceCents = deltas.reduce((a, b) => a + b, 0);
    documents.push({ path: `journalHeads/${userId}`, data: { ...head, balanceCents } });
    return { userId, ...head, balanceCents };
  };
  const auditHead = chain(
    (i) => `auditLog/op${i}`,
    [1, 2, 3, 4].map((n) => ({ action: 'user.adjust', summary: `change ${n}`, at: n }))
  );
  documents.push({ path: 'auditChain/head', data: { ...auditHead } });
  const heads = [journal('ann', [500, -200, 50]), journal('bob', [10_000]), journal('cy', [1, 2, 3, 4])];
  const signDay = (day: string, previous: Digest | null, audit: ChainHead, atHeads: CustomerHead[]): KeptDigest => {
    const body = digestBody({ day, takenAt: 0, audit, heads: atHeads, previous, publicKey: KEY });
    return { ...body, signature: sign(null, Buffer.from(signingText(body)), privateKey).toString('hex'), heads: atHeads };
  };
  const day1 = signDay('2026-12-01', null, { seq: 2, hash: documents.find((d) => d.path === 'auditLog/op1')!.data.hash as string }, heads.slice(0, 2));
  const day2 = signDay('2026-12-02', day1, auditHead, heads);
  for (const day of [day1, day2]) {
    const { heads: _heads, ...digest } = day;
    documents.push({ path: `digests/${day.day}`, data: { ...digest } });
  }
  return { documents, kept: [day1, day2] };
}
