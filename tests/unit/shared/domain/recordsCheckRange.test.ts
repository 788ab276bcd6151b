import { describe, expect, it } from 'vitest';
import { verifyRecords } from '@shared/domain/recordsCheck';
import { check, recordsStore as store } from '../../../support/records';

// The Evidence screen checks a range of days: the audit chain starts at the head the digest before the
// range signed, and a check of everything holds the oldest digest to be the very first one.
describe('verifying a range of the records', () => {
  const auditAt = (documents: ReturnType<typeof store>['documents'], seq: number) => {
    const entry = documents.find((d) => d.path.startsWith('auditLog/') && d.data.seq === seq)!;
    return { seq, hash: entry.data.hash as string };
  };

  it('links the audit entries after a signed head from that head, not from genesis', () => {
    const { documents } = store();
    const later = documents.filter((d) => !(d.path.startsWith('auditLog/') && Number(d.data.seq) <= 2));
    expect(verifyRecords({ documents: later, check }).broken[0]?.reason).toMatch(/Entries 1 to 2 are missing/);
    expect(verifyRecords({ documents: later, check, auditFrom: auditAt(documents, 2) }).broken).toEqual([]);
  });

  it('still names an audit entry changed after the signed head it starts from', () => {
    const { documents } = store();
    const later = documents
      .filter((d) => !(d.path.startsWith('auditLog/') && Number(d.data.seq) <= 2))
      .map((d) => (d.path === 'auditLog/op3' ? { ...d, data: { ...d.data, summary: 'rewritten' } } : d));
    expect(verifyRecords({ documents: later, check, auditFrom: auditAt(documents, 2) }).broken).toEqual([
      { path: 'auditLog/op3', reason: expect.stringMatching(/^Its hash is/) }
    ]);
  });

  it('names the oldest digest when the ones before it were removed, only when every digest was read', () => {
    const { documents } = store();
    const withoutFirst = documents.filter((d) => d.path !== 'digests/2026-12-01');
    expect(verifyRecords({ documents, check, everyDigest: true }).broken).toEqual([]);
    expect(verifyRecords({ documents: withoutFirst, check }).broken).toEqual([]);
    expect(verifyRecords({ documents: withoutFirst, check, everyDigest: true }).broken).toEqual([
      { path: 'digests/2026-12-02', reason: expect.stringMatching(/earlier digests were removed/) }
    ]);
  });
});
