import { describe, expect, it, vi } from 'vitest';
import type { Input } from '../../src/shared/contract';
import { at, NO_BACKEND, typed, usePlatform } from '../support/integration/moneyFixtures';

/**
 * "A page reads its rows plus at most one, the same on page 1 and page 10, at any size": counted
 * on the real emulators by wrapping the Firestore calls the main process makes (the app runs in
 * this process). Firestore bills a query one read per document it returns (one if none), a
 * document get one read, and an aggregation one read per 1,000 index entries it matched.
 */

interface Read {
  kind: 'query' | 'get' | 'aggregation';
  collection: string;
  documents: number;
}

const tally = vi.hoisted(() => ({ reads: [] as Read[] }));

vi.mock('firebase/firestore', async (importOriginal) => {
  const real = await importOriginal<typeof import('firebase/firestore')>();
  // The collection a query reads; Query does not say it publicly, its internal path does.
  const collectionOf = (q: unknown): string => {
    const path = (q as { _query?: { path?: { lastSegment?: () => string } } })._query?.path;
    return path?.lastSegment?.() ?? '?';
  };
  return {
    ...real,
    getDocsFromServer: (async (q: Parameters<typeof real.getDocsFromServer>[0]) => {
      const snapshot = await real.getDocsFromServer(q);
      tally.reads.push({ kind: 'query', collection: collectionOf(q), documents: snapshot.size });
      return snapshot;
    }) as typeof real.getDocsFromServer,
    getDocFromServer: (async (ref: Parameters<typeof real.getDocFromServer>[0]) => {
      const snapshot = await real.getDocFromServer(ref);
      tally.reads.push({ kind: 'get', collection: ref.parent.id, documents: 1 });
      return snapshot;
    }) as typeof real.getDocFromServer,
    getAggregateFromServer: (async (q: Parameters<typeof real.getAggregateFromServer>[0], spec: Parameters<typeof real.getAggregateFromServer>[1]) => {
      const result = await real.getAggregateFromServer(q, spec);
      tally.reads.push({ kind: 'aggregation', collection: collectionOf(q), documents: 0 });
      return result;
    }) as typeof real.getAggregateFromServer
  };
});

const HOUR = 3_600_000;
const BASE = Date.UTC(2026, 2, 1);
const PAGE = 10;

describe('documents read per page of a filtered list', () => {
  // The e-mail dispatcher polls once at start and then never, so the tally holds only the lists' reads.
  const platform = usePlatform({ per: 'file', env: NO_BACKEND, options: { mail: { pollMs: 3_600_000 } } });
  const call: ReturnType<typeof typed> = (method, input) => typed(platform.app)(method, input);

  /** Writes `count` withdrawals; a third are Amy's, half of those pending, in March 2026. */
  async function addWithdrawals(prefix: string, count: number) {
    for (let start = 0; start < count; start += 500) {
      const batch = platform.db.batch();
      for (let i = start; i < Math.min(count, start + 500); i++) {
        const amy = i % 3 === 0;
        batch.set(platform.db.doc(`withdrawals/${prefix}${String(i).padStart(5, '0')}`), {
          userId: amy ? 'amy' : `other${i % 50}`,
          email: amy ? 'amy@example.com' : `other${i % 50}@example.com`,
          amount: i,
          status: i % 2 === 0 ? 'pending' : 'approved',
          createdAt: at(new Date(BASE + (i % 700) * HOUR).toISOString())
        });
      }
      await batch.commit();
    }
  }

  /** The documents one call reads, of the listed collection (other work of the app is left out). */
  async function measure<T>(collection: string, run: () => Promise<T>) {
    tally.reads = [];
    const value = await run();
    const mine = tally.reads.filter((r) => r.collection === collection);
    return {
      value,
      documents: mine.filter((r) => r.kind !== 'aggregation').reduce((n, r) => n + (r.kind === 'query' ? Math.max(1, r.documents) : 1), 0),
      aggregations: mine.filter((r) => r.kind === 'aggregation').length
    };
  }

  type Query = Input<'withdrawals.list'>;
  const filtered: Query = {
    status: 'pending',
    customer: { userId: 'amy' },
    from: '2026-03-01T05:30:00.000+05:30',
    to: '2026-03-28T23:59:59.999+05:30',
    order: 'oldest'
  };

  /** Pages 1 to `pages` of the query, each with what it read. */
  async function pagesOf(q: Query, pages: number) {
    const out: { rows: number; documents: number; aggregations: number; hasMore: boolean }[] = [];
    let cursor: string | null = null;
    for (let p = 0; p < pages; p++) {
      const page = await measure('withdrawals', async () => {
        const r = await call('withdrawals.list', { ...q, cursor, pageSize: PAGE });
        if (!r.ok) throw new Error(r.error.message);
        return r.value;
      });
      out.push({ rows: page.value.rows.length, documents: page.documents, aggregations: page.aggregations, hasMore: page.value.nextCursor !== null });
      cursor = page.value.nextCursor;
      if (!cursor) break;
    }
    return out;
  }

  it('page 1 and page 10 of status + customer + dates read the same, page size + 1, at 1,200 and at 6,000 records', async () => {
    await addWithdrawals('a', 1_200);
    const small = await pagesOf(filtered, 10);
    expect(small).toHaveLength(10);
    for (const page of small) {
      expect(page.rows).toBe(PAGE);
      expect(page.documents).toBe(PAGE + 1);
    }
    // Counts are aggregations on the first page only (total and unlisted); later pages read rows alone.
    expect(small[0]?.aggregations).toBe(3);
    expect(small.slice(1).every((p) => p.aggregations === 0)).toBe(true);

    // Five times the records: every page reads exactly what it read before.
    await addWithdrawals('b', 4_800);
    const large = await pagesOf(filtered, 10);
    expect(large.map((p) => [p.documents, p.aggregations])).toEqual(small.map((p) => [p.documents, p.aggregations]));
  });

  it('the pending queue, oldest first, reads at most 11 documents for its first screen', async () => {
    const queue = await pagesOf({ status: 'pending', order: 'oldest' }, 1);
    expect(queue[0]?.documents).toBeLessThanOrEqual(PAGE + 1);
    const largest = await pagesOf({ customer: { userId: 'amy' }, order: 'largest' }, 10);
    expect(largest.every((p) => p.documents === PAGE + 1)).toBe(true);
  });

  it('the last page reads only the rows that remain (its look-ahead finds nothing more)', async () => {
    const q: Query = { customer: { userId: 'amy' }, status: 'approved', from: '2026-03-01T00:00:00.000Z', to: '2026-03-01T23:59:59.999Z' };
    const pages = await pagesOf(q, 50);
    const last = pages.at(-1);
    expect(last?.hasMore).toBe(false);
    expect(last?.documents).toBe(Math.max(1, last?.rows ?? 0));
  });

  it('a record opened by id reads one more document: the record, to know where its page starts', async () => {
    const page = await measure('withdrawals', () => call('withdrawals.list', { status: 'pending', order: 'oldest', focus: 'a00600' }));
    expect(page.value.ok && page.value.value.rows[0]?.id).toBe('a00600');
    expect(page.documents).toBe(PAGE + 2);
  });
});
