import { createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chainNext, EMPTY_HEAD, linkHash, type ChainedEntry, type ChainHead } from '@shared/domain/chain';
import { digestBody, signingText, type CustomerHead, type Digest } from '@shared/domain/digest';
import { verifyRecords, type KeptDigest } from '@shared/domain/recordsCheck';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const rawHex = (key: KeyObject) => (key.export({ format: 'der', type: 'spki' }) as Buffer).subarray(-32).toString('hex');
const spkiOf = (hex: string) =>
  createPublicKey({ key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(hex, 'hex')]), format: 'der', type: 'spki' });
const check = (text: string, signature: string, key: string) => verify(null, Buffer.from(text), spkiOf(key), Buffer.from(signature, 'hex'));
const KEY = rawHex(publicKey);

/** A store as the writers leave it: an audit chain, three customers' journals, their heads, and two days' digests. */
function store() {
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

const tamperings = ['amount', 'reason', 'time', 'delete', 'insert', 'reorder', 'rehash'] as const;

describe('verifying the records', () => {
  it('finds nothing wrong in an untouched store, with or without the kept digest files', () => {
    const { documents, kept } = store();
    expect(verifyRecords({ documents, kept, check })).toEqual({ checked: expect.any(Number), broken: [] });
    expect(verifyRecords({ documents, check }).broken).toEqual([]);
  });

  it('finds every tampering of an entry and names a path on its chain', () => {
    fc.assert(
      fc.property(fc.constantFrom(...tamperings), fc.nat(), (how, pick) => {
        const { documents, kept } = store();
        const entries = documents.filter((d) => /^(auditLog|users\/[^/]+\/journal)\//.test(d.path));
        const victim = entries[pick % entries.length]!;
        const chainPrefix = victim.path.slice(0, victim.path.lastIndexOf('/'));
        const i = documents.indexOf(victim);
        const data = { ...victim.data };
        if (how === 'amount') data.deltaCents = (Number(data.deltaCents) || 0) + 1;
        if (how === 'reason') data.summary = `${String(data.summary)} (edited)`;
        if (how === 'time') data.at = Number(data.at) + 1;
        if (how === 'rehash') {
          data.deltaCents = 7_777_777;
          const before = documents.find((d) => d.path.startsWith(chainPrefix) && d.data.seq === Number(data.seq) - 1);
          data.hash = linkHash(before ? (before.data.hash as string) : '0'.repeat(64), data);
        }
        const tampered = [...documents];
        if (how === 'delete') tampered.splice(i, 1);
        else if (how === 'insert') tampered.push({ path: `${chainPrefix}/forged`, data: { ...victim.data } });
        else if (how === 'reorder') {
          // Its seq swapped with another entry's of the same chain (a chain of one is changed instead).
          const other = documents.find((d) => d.path.startsWith(`${chainPrefix}/`) && d !== victim) ?? { path: victim.path, data: { ...victim.data, seq: 99 } };
          tampered[i] = { path: victim.path, data: { ...victim.data, seq: other.data.seq } };
          tampered[documents.indexOf(other)] = { path: other.path, data: { ...other.data, seq: victim.data.seq } };
        } else tampered[i] = { path: victim.path, data };
        const { broken } = verifyRecords({ documents: tampered, kept, check });
        expect(broken.length).toBeGreaterThan(0);
        const chainOf = (path: string) =>
          path.startsWith('auditLog/') || path === 'auditChain/head'
            ? 'audit'
            : path.replace(/^users\/([^/]+)\/journal\/.*$/, '$1').replace(/^journalHeads\//, '');
        expect(broken.map((b) => chainOf(b.path))).toContain(chainOf(victim.path));
      }),
      { numRuns: 200 }
    );
  });

  it('finds a digest removed or replaced in Firebase, and a kept file edited', () => {
    const { documents, kept } = store();
    const without = documents.filter((d) => d.path !== 'digests/2026-12-01');
    expect(verifyRecords({ documents: without, kept, check }).broken).toContainEqual({ path: 'digests/2026-12-01', reason: expect.stringMatching(/removed/) });
    const edited = kept.map((k) => (k.day === '2026-12-02' ? { ...k, heads: k.heads.map((h) => ({ ...h, balanceCents: h.balanceCents + 1 })) } : k));
    expect(verifyRecords({ documents, kept: edited, check }).broken).toContainEqual({
      path: 'digests/2026-12-02',
      reason: expect.stringMatching(/file was edited/)
    });
  });
});
