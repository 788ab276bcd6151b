import { describe, expect, it, vi } from 'vitest';
import { Evidence, checkEd25519 } from '@core/evidence';
import type { RecordsReader } from '@core/ports/recordsReader';
import type { ChainedEntry } from '@shared/domain/chain';
import { KEY, recordsStore } from '../../support/records';

// The Evidence screen's reads (src/core/evidence.ts) over a store as the writers leave it
// (tests/support/records.ts): what each check reads, which key vouches for the digests, and when a
// day's file can be given.

/** The port over plain documents, as the client SDK reader hands them (times as ms). */
function readerOver(documents: ChainedEntry[], published: string | null = null) {
  const under = (prefix: string) => documents.filter((d) => d.path.startsWith(prefix));
  const digests = () => under('digests/').sort((a, b) => (a.path < b.path ? -1 : 1));
  const reader = {
    everything: vi.fn(async () => documents),
    digests: vi.fn(async ({ from, to }: { from?: string; to?: string }) =>
      digests().filter((d) => (!from || String(d.data.day) >= from) && (!to || String(d.data.day) <= to))
    ),
    latestDigests: vi.fn(async (count: number) => digests().reverse().slice(0, count)),
    digestBefore: vi.fn(
      async (day: string) =>
        digests()
          .filter((d) => String(d.data.day) < day)
          .at(-1) ?? null
    ),
    digest: vi.fn(async (day: string) => documents.find((d) => d.path === `digests/${day}`) ?? null),
    auditAfter: vi.fn(async (seq: number) => [...under('auditChain/'), ...under('auditLog/').filter((d) => Number(d.data.seq) > seq)]),
    heads: vi.fn(async (range?: { fromMs: number; toMs: number }) =>
      under('journalHeads/').filter((d) => !range || (Number(d.data.changedAt) >= range.fromMs && Number(d.data.changedAt) < range.toMs))
    ),
    journalOf: vi.fn(async (userId: string) => under(`users/${userId}/journal/`)),
    publishedKey: vi.fn(async () => published)
  } satisfies RecordsReader;
  return reader;
}

/** The fixture's heads, last moved at `changedAt` (ms). */
const storeWithHeadsAt = (changedAt: number) =>
  recordsStore().documents.map((d) => (d.path.startsWith('journalHeads/') ? { ...d, data: { ...d.data, changedAt } } : d));

describe('the Evidence screen’s checks', () => {
  it('checks everything clean, the digests against the oldest one’s key when none is published', async () => {
    const evidence = new Evidence(readerOver(storeWithHeadsAt(-1)), checkEd25519);
    expect(await evidence.verify({})).toEqual({ checked: expect.any(Number), broken: [], publicKey: KEY });
  });

  it('holds the digests to the key the platform published', async () => {
    const other = 'cd'.repeat(32);
    const { broken, publicKey } = await new Evidence(readerOver(storeWithHeadsAt(-1), other)).verify({});
    expect(publicKey).toBe(other);
    expect(broken.map((b) => b.path)).toEqual(['digests/2026-12-01', 'digests/2026-12-02']);
    expect(broken[0]!.reason).toMatch(/not the platform's/);
  });

  it('checks a range from the audit head the digest before it signed, and the customers whose head moved in it', async () => {
    const documents = storeWithHeadsAt(Date.parse('2026-12-02T10:00:00Z'));
    const reader = readerOver(documents);
    const report = await new Evidence(reader).verify({ from: '2026-12-02', to: '2026-12-02' });
    expect(report.broken).toEqual([]);
    // The day before signed the audit chain at seq 2: only the entries after it are read.
    expect(reader.auditAfter).toHaveBeenCalledWith(2);
    expect(reader.journalOf.mock.calls.map(([id]) => id).sort()).toEqual(['ann', 'bob', 'cy']);
    expect(reader.everything).not.toHaveBeenCalled();
    // A customer whose head did not move in the range is not read.
    const quiet = readerOver(storeWithHeadsAt(Date.parse('2026-11-01T00:00:00Z')));
    await new Evidence(quiet).verify({ from: '2026-12-02', to: '2026-12-02' });
    expect(quiet.journalOf).not.toHaveBeenCalled();
  });

  it('names an audit entry changed after the signed head a range starts from', async () => {
    const documents = storeWithHeadsAt(-1).map((d) => (d.path === 'auditLog/op3' ? { ...d, data: { ...d.data, summary: 'rewritten' } } : d));
    const { broken } = await new Evidence(readerOver(documents)).verify({ from: '2026-12-02' });
    expect(broken).toEqual([{ path: 'auditLog/op3', reason: expect.stringMatching(/^Its hash is/) }]);
  });

  it('gives a day’s file when the heads read back give its signed root, and refuses one that would not verify', async () => {
    const evidence = new Evidence(readerOver(storeWithHeadsAt(-1)));
    const file = await evidence.digestFile('2026-12-02');
    expect(file.fileName).toBe('digest-2026-12-02.json');
    const kept = JSON.parse(file.text) as { signature: string; heads: { userId: string }[] };
    expect(kept.signature).toBe(recordsStore().kept[1]!.signature);
    expect(kept.heads.map((h) => h.userId).sort()).toEqual(['ann', 'bob', 'cy']);
    // The first day covered two customers; the third one's head (unmoved, so read as it is) is not in its root.
    await expect(evidence.digestFile('2026-12-01')).rejects.toThrow(/can no longer be read back from the journals/);
    await expect(evidence.digestFile('2026-11-30')).rejects.toThrow('No digest was signed for 2026-11-30.');
  });
});
