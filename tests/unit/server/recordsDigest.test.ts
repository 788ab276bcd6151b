import { describe, expect, it } from 'vitest';
import { digestHash, journalRootOf, verifyDigests, type CustomerHead, type Digest } from '@shared/domain/digest';
import type { KeptDigest } from '@shared/domain/recordsCheck';
import { recordsDigest, type DigestStore } from '../../../server/platform/recordsDigest';
import { generateSigningKey, readSigningKey } from '../../../server/platform/recordsSigning';
import { checkEd25519 } from '../../../tools/records/verify';

/** A fixed seed (hex) and its PEM twin: both forms the secret may hold. */
const SEED = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60';
const SEED_PUBLIC = 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a';

/** A platform in memory: its settings, heads, audit head and digests as the store reads and creates them. */
function memoryStore(options: { timeZone?: string; publishedKey?: string | null; heads?: Record<string, Record<string, unknown>> } = {}) {
  const digests = new Map<string, Digest>();
  const heads = new Map(
    Object.entries(options.heads ?? { dana: { seq: 3, hash: 'a'.repeat(64), balanceCents: 7_550 }, ari: { seq: 1, hash: 'b'.repeat(64), balanceCents: 0 } })
  );
  const reads = { heads: 0 };
  const store: DigestStore = {
    platform: async () => ({ timeZone: options.timeZone ?? 'UTC', publishedKey: options.publishedKey === undefined ? SEED_PUBLIC : options.publishedKey }),
    has: async (day) => digests.has(day),
    previous: async (day) => [...digests.values()].filter((digest) => digest.day < day).sort((a, b) => (a.day < b.day ? 1 : -1))[0] ?? null,
    auditHead: async () => ({ seq: 12, hash: 'c'.repeat(64) }),
    async *heads(skipped) {
      for (const [userId, data] of [...heads].sort(([a], [b]) => (a < b ? -1 : 1))) {
        reads.heads += 1;
        if (typeof data.seq === 'number' && typeof data.hash === 'string')
          yield { userId, seq: data.seq, hash: data.hash, balanceCents: data.balanceCents as number };
        else skipped(`journalHeads/${userId}`);
      }
    },
    create: async (digest) => (digests.has(digest.day) ? false : (digests.set(digest.day, digest), true))
  };
  return { store, digests, heads, reads };
}

const at = (iso: string) => () => new Date(iso);

describe('the daily digest', () => {
  it('signs the platform’s last finished day, in its own zone, with a signature the public key verifies', async () => {
    const { store, digests } = memoryStore({ timeZone: 'Asia/Kolkata' });
    const lines: string[] = [];
    // 20:00 UTC on 3 March is 01:30 on 4 March in Kolkata: its 3 March has closed, though UTC's has not.
    const result = await recordsDigest({ store, signingKey: SEED, log: (line) => lines.push(line), now: at('2026-03-03T20:00:00Z') });
    expect(result).toMatchObject({ day: '2026-03-03', outcome: 'written', keptAt: null });
    const digest = digests.get('2026-03-03')!;
    expect(digest).toMatchObject({
      day: '2026-03-03',
      audit: { seq: 12 },
      customers: 2,
      previous: null,
      publicKey: SEED_PUBLIC,
      takenAt: Date.parse('2026-03-03T20:00:00Z')
    });
    expect(verifyDigests([digest], checkEd25519, [SEED_PUBLIC])).toEqual([]);
    expect(lines.join('\n')).toContain('No bucket is configured');
  });

  it('commits to every customer’s head: its root is the one a verifier rebuilds from the heads', async () => {
    const { store, digests } = memoryStore();
    const kept: KeptDigest[] = [];
    await recordsDigest({
      store,
      signingKey: SEED,
      keep: async (file) => (kept.push(file), `gs://b/digests/${file.day}.json`),
      log: () => {},
      now: at('2026-03-04T00:30:00Z')
    });
    const heads: CustomerHead[] = [
      { userId: 'ari', seq: 1, hash: 'b'.repeat(64), balanceCents: 0 },
      { userId: 'dana', seq: 3, hash: 'a'.repeat(64), balanceCents: 7_550 }
    ];
    expect(digests.get('2026-03-03')!.journalRoot).toBe(journalRootOf(heads));
    expect(kept).toEqual([{ ...digests.get('2026-03-03')!, heads }]);
  });

  it('links each day to the latest digest before it, and a changed earlier digest breaks the link', async () => {
    const { store, digests, heads } = memoryStore();
    await recordsDigest({ store, signingKey: SEED, log: () => {}, now: at('2026-03-02T01:00:00Z') });
    heads.set('dana', { seq: 4, hash: 'd'.repeat(64), balanceCents: 9_000 });
    // A day without a run (3 March) is skipped: 4 March links to 1 March, the latest one there.
    await recordsDigest({ store, signingKey: SEED, log: () => {}, now: at('2026-03-05T01:00:00Z') });
    const [first, second] = [digests.get('2026-03-01')!, digests.get('2026-03-04')!];
    expect(second.previous).toBe(digestHash(first));
    expect(second.journalRoot).not.toBe(first.journalRoot);
    expect(verifyDigests([first, second], checkEd25519, [SEED_PUBLIC])).toEqual([]);
    const altered = { ...first, customers: 3 };
    expect(verifyDigests([altered, second], checkEd25519, [SEED_PUBLIC]).map((broken) => broken.path)).toEqual(['digests/2026-03-01', 'digests/2026-03-04']);
  });

  it('run a second time the same day, answers already and reads no head', async () => {
    const { store, digests, reads } = memoryStore();
    await recordsDigest({ store, signingKey: SEED, log: () => {}, now: at('2026-03-04T00:10:00Z') });
    const first = digests.get('2026-03-03');
    const readsAfterFirst = reads.heads;
    expect(await recordsDigest({ store, signingKey: SEED, log: () => {}, now: at('2026-03-04T23:10:00Z') })).toEqual({ day: '2026-03-03', outcome: 'already' });
    expect(digests.get('2026-03-03')).toBe(first);
    expect(digests.size).toBe(1);
    expect(reads.heads).toBe(readsAfterFirst);
  });

  it('answers already when another run created the day between its check and its write', async () => {
    const { store, digests } = memoryStore();
    const racing: DigestStore = { ...store, create: async () => false };
    expect(await recordsDigest({ store: racing, signingKey: SEED, keep: async () => 'never', log: () => {}, now: at('2026-03-04T00:10:00Z') })).toEqual({
      day: '2026-03-03',
      outcome: 'already'
    });
    expect(digests.size).toBe(0);
  });

  it('refuses in words when the signing key is not set or is not an Ed25519 key, and writes nothing', async () => {
    const { store, digests } = memoryStore();
    const run = (signingKey: string | undefined) => recordsDigest({ store, signingKey, log: () => {}, now: at('2026-03-04T00:10:00Z') });
    await expect(run(undefined)).rejects.toThrow(/records signing key is not set.*RECORDS_SIGNING_KEY/);
    await expect(run('  ')).rejects.toThrow(/not set/);
    await expect(run('not a key')).rejects.toThrow(/neither a PKCS8 PEM private key nor a 64-digit hex seed/);
    expect(digests.size).toBe(0);
  });

  it('signs with a PEM key as with its seed, and says when the key is not the one published in settings', async () => {
    const { privatePem, publicKey } = generateSigningKey();
    expect(readSigningKey(privatePem).publicKey).toBe(publicKey);
    expect(readSigningKey(SEED).publicKey).toBe(SEED_PUBLIC);
    const { store, digests } = memoryStore({ publishedKey: SEED_PUBLIC });
    const lines: string[] = [];
    await recordsDigest({ store, signingKey: privatePem, log: (line) => lines.push(line), now: at('2026-03-04T00:10:00Z') });
    expect(verifyDigests([digests.get('2026-03-03')!], checkEd25519, [publicKey])).toEqual([]);
    expect(lines[0]).toContain(`${publicKey} is not the one published in settings (${SEED_PUBLIC})`);
  });

  it('leaves out a head that is not one, naming it, and still signs the others', async () => {
    const { store, digests } = memoryStore({ heads: { dana: { seq: 2, hash: 'a'.repeat(64), balanceCents: 100 }, zed: { balanceCents: 5 } } });
    const lines: string[] = [];
    await recordsDigest({ store, signingKey: SEED, log: (line) => lines.push(line), now: at('2026-03-04T00:10:00Z') });
    expect(digests.get('2026-03-03')!.customers).toBe(1);
    expect(lines).toContain('journalHeads/zed is not a journal head (no seq or hash): the digest of 2026-03-03 leaves it out.');
  });

  it('says so and fails the run when the bucket refuses the file, with the digest stored', async () => {
    const { store, digests } = memoryStore();
    const lines: string[] = [];
    const keep = async (): Promise<string> => {
      throw new Error('403 forbidden');
    };
    await expect(recordsDigest({ store, signingKey: SEED, keep, log: (line) => lines.push(line), now: at('2026-03-04T00:10:00Z') })).rejects.toThrow('403');
    expect(digests.size).toBe(1);
    expect(lines.at(-1)).toContain('could not be kept in the bucket: 403 forbidden');
  });
});
