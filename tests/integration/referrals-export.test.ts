import Papa from 'papaparse';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page, ReferralRow } from '../../src/shared/contract';
import { exportColumns, toCsv } from '../../src/shared/export/csv';
import { at, typed, usePlatform } from '../support/integration/moneyFixtures';

// The emulator accepts an `in` filter with any number of values; production Firestore refuses more
// than 30 (INVALID_ARGUMENT). Here every `in` the app builds goes through a `where` that refuses
// the same way, so an export page of 500 referrals proves the lookups are split.
const seen = vi.hoisted(() => ({ inSizes: [] as number[] }));
vi.mock('firebase/firestore', async (importOriginal) => {
  const real = await importOriginal<typeof import('firebase/firestore')>();
  const where: typeof real.where = (field, op, value) => {
    if ((op === 'in' || op === 'not-in' || op === 'array-contains-any') && Array.isArray(value)) {
      seen.inSizes.push(value.length);
      if (value.length > 30) {
        throw Object.assign(new Error(`'${op.toUpperCase()}' supports up to 30 comparison values.`), { code: 'invalid-argument' });
      }
    }
    return real.where(field, op, value);
  };
  return { ...real, where };
});

const EXPORT_PAGE = 500;
const REFERRALS = 600;

it('the stand-in really refuses an `in` with more than 30 values', async () => {
  const { documentId, where } = await import('firebase/firestore');
  const values = (n: number) => Array.from({ length: n }, (_, i) => `x${i}`);
  expect(() => where(documentId(), 'in', values(31))).toThrow(/up to 30/);
  expect(() => where(documentId(), 'in', values(30))).not.toThrow();
});

describe('referrals export against a Firestore that refuses an `in` above 30', () => {
  const queries: string[] = [];

  // One test: the platform is set up once for the file.
  beforeAll(() => {
    seen.inSizes.length = 0;
  });
  const platform = usePlatform({ per: 'file', options: { onQuery: (label) => queries.push(label) } });

  /** Referral i names its referrer by document id (i % 3 == 0), by referral code (1), or nobody known (2). */
  const referrerOf = (i: number) => (i % 3 === 0 ? `u${i}` : i % 3 === 1 ? `CODE${i}` : `ghost${i}`);
  const expectedName = (i: number) => (i % 3 === 0 ? `Referrer ${i}` : i % 3 === 1 ? `coder${i}@example.com` : 'Unknown');

  async function seed(): Promise<void> {
    const writes: [string, Record<string, unknown>][] = [];
    for (let i = 0; i < REFERRALS; i++) {
      if (i % 3 === 0) writes.push([`users/u${i}`, { fullname: `Referrer ${i}`, myReferralId: `OWN${i}` }]);
      if (i % 3 === 1) writes.push([`users/c${i}`, { email: `coder${i}@example.com`, myReferralId: `CODE${i}` }]);
      writes.push([
        `referrals/r${String(i).padStart(4, '0')}`,
        {
          referrerId: referrerOf(i),
          name: `Client ${i}`,
          email: `client${i}@example.com`,
          timestamp: at(new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString())
        }
      ]);
    }
    for (let start = 0; start < writes.length; start += 500) {
      const batch = platform.db.batch();
      for (const [path, data] of writes.slice(start, start + 500)) batch.set(platform.db.doc(path), data);
      await batch.commit();
    }
  }

  it('exports 600 referrals in pages of 500 with every referrer name, no `in` above 30', async () => {
    await seed();
    const rows: ReferralRow[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<ReturnType<typeof typed>>> = await typed(platform.app)('referrals.list', { cursor, pageSize: EXPORT_PAGE });
      if (!page.ok) throw new Error(`${page.error.code}: ${page.error.message}`);
      const value = page.value as Page<ReferralRow>;
      rows.push(...value.rows);
      cursor = value.nextCursor;
      pages++;
    } while (cursor);

    expect(pages).toBe(2);
    expect(rows).toHaveLength(REFERRALS);
    // First page: 500 distinct referrer ids -> 17 lookups by id; the 333 codes among them not found
    // as ids -> 12 lookups by referral code.
    const firstPage = queries.slice(0, queries.indexOf('referrals page', 1));
    expect(firstPage.filter((q) => q === 'referrers by document id')).toHaveLength(17);
    expect(firstPage.filter((q) => q === 'referrers by referral code')).toHaveLength(12);
    expect(seen.inSizes.length).toBeGreaterThan(0);
    expect(Math.max(...seen.inSizes)).toBeLessThanOrEqual(30);

    const byClient = new Map(rows.map((r) => [r.clientName, r.referrerName]));
    for (let i = 0; i < REFERRALS; i++) expect(byClient.get(`Client ${i}`), `Client ${i}`).toBe(expectedName(i));

    const csv = Papa.parse<string[]>(toCsv(exportColumns.referrals, rows), { skipEmptyLines: true }).data;
    expect(csv).toHaveLength(REFERRALS + 1);
    expect(csv[1]).toEqual([expectedName(REFERRALS - 1), `Client ${REFERRALS - 1}`, `client${REFERRALS - 1}@example.com`, 'Active', expect.any(String)]);
  });
});
