import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linkHash } from '@shared/domain/chain';
import { verifyRecords } from '@shared/domain/recordsCheck';
import { check, recordsStore as store } from '../../../support/records';

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
