import { generateKeyPairSync, sign, verify, createPublicKey, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  digestBody,
  digestHash,
  digestLeaf,
  journalRootOf,
  orderedHeads,
  signingText,
  verifyDigests,
  type CustomerHead,
  type Digest
} from '@shared/domain/digest';
import { inclusionPath, verifyInclusion } from '@shared/domain/merkle';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const rawHex = (key: KeyObject) => (key.export({ format: 'der', type: 'spki' }) as Buffer).subarray(-32).toString('hex');
const spkiOf = (hex: string) =>
  createPublicKey({ key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(hex, 'hex')]), format: 'der', type: 'spki' });
const check = (text: string, signature: string, key: string) => verify(null, Buffer.from(text), spkiOf(key), Buffer.from(signature, 'hex'));
const KEY = rawHex(publicKey);

const heads: CustomerHead[] = [
  { userId: 'zoe', seq: 3, hash: 'c'.repeat(64), balanceCents: 1200 },
  { userId: 'al', seq: 1, hash: 'a'.repeat(64), balanceCents: 0 },
  { userId: 'mo', seq: 7, hash: 'b'.repeat(64), balanceCents: 99_999 }
];

function signed(day: string, previous: Digest | null, auditSeq: number, by = privateKey): Digest {
  const body = digestBody({ day, takenAt: Date.UTC(2026, 11, 3), audit: { seq: auditSeq, hash: 'd'.repeat(64) }, heads, previous, publicKey: KEY });
  return { ...body, signature: sign(null, Buffer.from(signingText(body)), by).toString('hex') };
}

describe('the daily digest', () => {
  it('commits to every head whatever order they were read in, and proves one customer in it', () => {
    expect(journalRootOf([...heads].reverse())).toBe(journalRootOf(heads));
    const leaves = orderedHeads(heads).map(digestLeaf);
    const mo = leaves.findIndex((leaf) => leaf.includes('"mo"'));
    expect(verifyInclusion(leaves[mo]!, mo, leaves.length, inclusionPath(leaves, mo), journalRootOf(heads))).toBe(true);
    const richer = digestLeaf({ ...heads[2]!, balanceCents: 100_000_00 });
    expect(verifyInclusion(richer, mo, leaves.length, inclusionPath(leaves, mo), journalRootOf(heads))).toBe(false);
  });

  it('verifies a run of signed, linked days', () => {
    const d1 = signed('2026-12-01', null, 10);
    const d2 = signed('2026-12-02', d1, 14);
    const d3 = signed('2026-12-03', d2, 14);
    expect(verifyDigests([d3, d1, d2], check, [KEY])).toEqual([]);
    expect(d2.previous).toBe(digestHash(d1));
  });

  it('names a digest changed after signing, one signed by another key, a broken link and an audit head going back', () => {
    const d1 = signed('2026-12-01', null, 10);
    const d2 = signed('2026-12-02', d1, 14);
    expect(verifyDigests([d1, { ...d2, customers: 2 }], check, [KEY])).toEqual([
      { path: 'digests/2026-12-02', reason: expect.stringMatching(/changed after it was signed/) }
    ]);
    const stranger = generateKeyPairSync('ed25519');
    const forged = { ...signed('2026-12-02', d1, 14, stranger.privateKey), publicKey: rawHex(stranger.publicKey) };
    expect(verifyDigests([d1, forged], check, [KEY])[0]!.reason).toMatch(/not the platform's/);
    // d1 rewritten and re-signed with the real key (a stolen key): the next day's link still gives it away.
    const rewritten = signed('2026-12-01', null, 11);
    expect(verifyDigests([rewritten, d2], check, [KEY])).toEqual([
      { path: 'digests/2026-12-02', reason: expect.stringMatching(/links to .* but the digest of 2026-12-01/) }
    ]);
    const back = signed('2026-12-03', d2, 13);
    expect(verifyDigests([d1, d2, back], check, [KEY])).toEqual([
      { path: 'digests/2026-12-03', reason: expect.stringMatching(/behind the one of 2026-12-02/) }
    ]);
  });
});
