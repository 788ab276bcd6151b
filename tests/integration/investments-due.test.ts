import { describe, expect, it, vi } from 'vitest';
import type { InvestmentRow, Page } from '../../src/shared/contract';
import { at, NO_BACKEND, typed, usePlatform } from '../support/integration/moneyFixtures';

/**
 * investments.due on the emulators: active investments past maturity (createdAt + duration days),
 * oldest maturity first, merged from one query per duration in use and paged by cursor, each page
 * reading at most (page size + 1) x the durations. Reads are counted by wrapping the Firestore
 * calls the main process makes, as list-reads.test.ts does.
 */

const tally = vi.hoisted(() => ({ reads: [] as { kind: string; documents: number }[] }));

vi.mock('firebase/firestore', async (importOriginal) => {
  const real = await importOriginal<typeof import('firebase/firestore')>();
  return {
    ...real,
    getDocsFromServer: (async (q: Parameters<typeof real.getDocsFromServer>[0]) => {
      const snapshot = await real.getDocsFromServer(q);
      tally.reads.push({ kind: 'query', documents: snapshot.size });
      return snapshot;
    }) as typeof real.getDocsFromServer,
    getAggregateFromServer: (async (q: Parameters<typeof real.getAggregateFromServer>[0], spec: Parameters<typeof real.getAggregateFromServer>[1]) => {
      tally.reads.push({ kind: 'aggregation', documents: 0 });
      return real.getAggregateFromServer(q, spec);
    }) as typeof real.getAggregateFromServer
  };
});

const DAY = 86_400_000;
const NOW = Date.now();
const DURATIONS = [7, 30, 90];

describe('investments due', () => {
  const platform = usePlatform({ per: 'file', env: NO_BACKEND, options: { mail: { pollMs: 3_600_000 } } });
  const call: ReturnType<typeof typed> = (method, input) => typed(platform.app)(method, input);
  /** id -> when it matured, for the ones that are due. */
  const due = new Map<string, number>();

  it('lists the active matured investments of every duration, oldest maturity first, page after page', async () => {
    const batch = platform.db.batch();
    // 36 investments: each duration, created 0 to 110 days ago; some active, some not.
    for (let i = 0; i < 36; i++) {
      const duration = DURATIONS[i % 3]!;
      const createdAt = NOW - ((i * 37) % 110) * DAY - i * 60_000;
      const status = i % 5 === 4 ? 'completed' : 'active';
      const id = `inv${String(i).padStart(2, '0')}`;
      batch.set(platform.db.doc(`investments/${id}`), {
        userId: 'u',
        email: 'u@example.com',
        plan: `P${duration}`,
        roi: 10,
        duration,
        amount: 100 + i,
        status,
        createdAt: at(new Date(createdAt).toISOString())
      });
      if (status === 'active' && createdAt + duration * DAY <= NOW) due.set(id, createdAt + duration * DAY);
    }
    // Active but impossible to place: a creation date stored as text, a duration as text, half a day.
    batch.set(platform.db.doc('investments/odd-date'), { status: 'active', duration: 7, amount: 5, roi: 1, createdAt: '2025-01-01' });
    batch.set(platform.db.doc('investments/odd-duration'), { status: 'active', duration: '30', amount: 5, roi: 1, createdAt: at('2025-01-01T00:00:00Z') });
    batch.set(platform.db.doc('investments/half-day'), { status: 'active', duration: 7.5, amount: 5, roi: 1, createdAt: at('2025-01-01T00:00:00Z') });
    await batch.commit();
    expect(due.size).toBeGreaterThan(8);

    const pages: Page<InvestmentRow>[] = [];
    let cursor: string | null = null;
    do {
      tally.reads = [];
      const page: Awaited<ReturnType<typeof call<'investments.due'>>> = await call('investments.due', { pageSize: 3, ...(cursor ? { cursor } : {}) });
      if (!page.ok) throw new Error(page.error.message);
      pages.push(page.value);
      cursor = page.value.nextCursor;
      // Each duration's query reads at most page size + 1 documents, whatever the page; page 1
      // also steps through the durations in use (one document each, and one that finds none).
      const documents = tally.reads.filter((r) => r.kind === 'query').reduce((n, r) => n + r.documents, 0);
      const lookup = pages.length === 1 ? DURATIONS.length + 1 : 0;
      expect(documents).toBeLessThanOrEqual((3 + 1) * DURATIONS.length + lookup);
      if (pages.length > 1) expect(tally.reads.filter((r) => r.kind === 'aggregation')).toEqual([]);
    } while (cursor);

    const listed = pages.flatMap((p) => p.rows);
    const expected = [...due.entries()].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1)).map(([id]) => id);
    expect(listed.map((r) => r.id)).toEqual(expected);
    expect(pages[0]).toMatchObject({ total: due.size, unlisted: 3 });
    // Every row says when it matured and what it owes.
    for (const row of listed) {
      expect(new Date(row.maturesAt!).getTime()).toBe(due.get(row.id));
      expect(row.roiDue).toBe(Math.round((row.amount ?? 0) * 10) / 100);
      expect(row.maturityNote).toBeNull();
    }
  });

  it('counts them for the sidebar and sums what they owe for the dashboard, by aggregation', async () => {
    const counts = await call('live.pendingCounts', {});
    expect(counts).toMatchObject({ ok: true, value: { investmentsDue: due.size } });
    const owed = [...due.keys()].reduce((sum, id) => sum + (100 + Number(id.slice(3))) * 1.1, 0);
    expect(await call('dashboard.figure', { figure: 'investments.due' })).toMatchObject({ ok: true, value: { value: due.size } });
    const figure = await call('dashboard.figure', { figure: 'investments.dueOwed' });
    expect(figure).toMatchObject({ ok: true, value: { leftOut: 0 } });
    expect(figure.ok ? figure.value.value : null).toBeCloseTo(owed, 2);
  });

  it('refuses a forged cursor with a sentence, not an error', async () => {
    const forged = Buffer.from(JSON.stringify({ asOf: 1, durations: ['x'], at: [0, 0], id: 'a' })).toString('base64url');
    expect(await call('investments.due', { cursor: forged })).toEqual({
      ok: false,
      error: { code: 'VALIDATION', message: 'This page of the list can no longer be found. Load the list again from the top.' }
    });
  });
});
