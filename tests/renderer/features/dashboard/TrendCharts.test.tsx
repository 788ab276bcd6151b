// @vitest-environment jsdom
import * as Tooltip from '@radix-ui/react-tooltip';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Papa from 'papaparse';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DailySnapshotRow, Trend } from '@shared/contract';
import { useDashboardTrend } from '@renderer/features/dashboard/api/dashboard-trend';
import { TrendCharts } from '@renderer/features/dashboard/components/TrendCharts';

// The dashboard's trend (docs/product-rules.md §10.7): its figures as text for screen readers (a day
// without a snapshot says so, a figure that left records out says how many) and Export CSV of the series.

afterEach(() => {
  cleanup();
  delete (window as unknown as { api?: unknown }).api;
});

const ok = <T,>(value: T) => ({ ok: true as const, value });
const amount = (cents: number, leftOut = 0) => ({ cents, leftOut });
const snapshot = (day: string, balances: number, deposits: number, leftOut = 0): DailySnapshotRow => ({
  day,
  timeZone: 'UTC',
  owed: { balances: amount(balances, leftOut), pendingWithdrawals: amount(40_000), activePrincipal: amount(1_000_000), dueThisWeek: amount(0) },
  flows: { creditedDeposits: amount(deposits), approvedWithdrawals: amount(2_500), payouts: amount(0), bonuses: amount(617) },
  takenAt: `${day}T23:59:00.000Z`,
  takenBy: 'server'
});

function fakeApi(trend: Trend, extra: Record<string, Record<string, unknown>> = {}) {
  const all: Record<string, Record<string, unknown>> = { dashboard: { trend: async () => ok(trend) }, ...extra };
  const unavailable = async () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'Not in this test.' } });
  (window as unknown as { api: unknown }).api = new Proxy(
    {},
    {
      get: (_target, namespace: string) =>
        namespace === 'on' ? () => () => undefined : new Proxy({}, { get: (_t, method: string) => all[namespace]?.[method] ?? unavailable })
    }
  );
}

function Trend() {
  return <TrendCharts query={useDashboardTrend()} />;
}

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Tooltip.Provider>
        <MemoryRouter>
          <Trend />
        </MemoryRouter>
      </Tooltip.Provider>
    </QueryClientProvider>
  );

const threeDays: Trend = {
  days: ['2026-11-25', '2026-11-26', '2026-11-27'],
  snapshots: [snapshot('2026-11-25', 12_345_678, 50_000), snapshot('2026-11-27', 12_400_000, 75_050, 2)]
};

describe('the money’s trend as text', () => {
  it('says each day’s owed figures and flows, a day without a snapshot, and what a figure left out', async () => {
    fakeApi(threeDays);
    show();
    const owed = within((await screen.findByText('Owed at each day’s close')).closest('table')!);
    const rows = owed.getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Day', 'Customer balances', 'Pending withdrawals', 'Active principal', 'Due this week'],
      ['Nov 25, 2026', '$123,456.78', '$400.00', '$10,000.00', '$0.00'],
      ['Nov 26, 2026', 'No snapshot', 'No snapshot', 'No snapshot', 'No snapshot'],
      ['Nov 27, 2026', '$124,000.00 (2 left out)', '$400.00', '$10,000.00', '$0.00']
    ]);
    const flows = within(screen.getByText('Money moved each day').closest('table')!);
    expect(flows.getByRole('row', { name: /Nov 27, 2026/ }).textContent).toContain('$750.50');
    expect(screen.getByRole('note').textContent).toMatch(/On 1 day, some records could not be summed/);
  });

  it('a platform without a snapshot yet says when the first comes, and offers no export', async () => {
    fakeApi({ days: [], snapshots: [] });
    show();
    expect(await screen.findByText('No daily snapshots yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });
});

describe('Export CSV of the trend', () => {
  it('writes one row per snapshot with every figure in dollars and what it left out beside it', async () => {
    const saveCsv = vi.fn(async ({ suggestedName }: { suggestedName: string; content: string }) => ok({ path: `/home/ana/${suggestedName}` }));
    fakeApi(threeDays, { app: { info: async () => ok({ transport: 'electron' }) }, files: { saveCsv } });
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() => expect(saveCsv).toHaveBeenCalledOnce());
    const [{ suggestedName, content }] = saveCsv.mock.calls[0]!;
    expect(suggestedName).toMatch(/^money-trend-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = Papa.parse<string[]>(content.slice(1), { skipEmptyLines: true }).data;
    expect(header!.slice(0, 4)).toEqual(['Day', 'Time zone', 'Customer balances', 'Customer balances left out']);
    expect(header).toContain('Credited deposits');
    expect(rows.map((r) => r.slice(0, 4))).toEqual([
      ['2026-11-25', 'UTC', '123456.78', '0'],
      ['2026-11-27', 'UTC', '124000', '2']
    ]);
    expect(rows[1]![header!.indexOf('Credited deposits')]).toBe('750.5');
    expect(rows[1]![header!.indexOf('Bonuses')]).toBe('6.17');
  });
});
