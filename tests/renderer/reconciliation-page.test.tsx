// @vitest-environment jsdom
import * as Tooltip from '@radix-ui/react-tooltip';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Papa from 'papaparse';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DriftedCustomerRow, FigureCheckRow, ReconciliationRun } from '../../src/shared/contract';
import { ReconciliationPage } from '../../src/renderer/src/features/reconciliation/ReconciliationPage';

// The Reconciliation screen: Stop on the run going on, and Export CSV of its drifted customers
// with each figure as stored, as the records explain it, the adjustments and what is left unexplained.

afterEach(() => {
  cleanup();
  delete (window as unknown as { api?: unknown }).api;
});

const ok = <T,>(value: T) => ({ ok: true as const, value });
const page = <T,>(rows: T[], nextCursor: string | null = null) => ok({ rows, nextCursor, total: null, unlisted: null });

const run = (over: Partial<ReconciliationRun>): ReconciliationRun => ({
  id: 'run-7',
  state: 'finished',
  by: 'desktop',
  startedAt: '2026-03-01T09:00:00.000Z',
  finishedAt: '2026-03-01T09:05:00.000Z',
  stoppedAt: null,
  heartbeatAt: '2026-03-01T09:05:00.000Z',
  total: 3,
  totals: {
    customers: 3,
    drifted: 2,
    unreadable: 0,
    deposits: 12,
    withdrawals: 4,
    adjustments: 2,
    unsummable: 1,
    orphans: 0,
    orphanPaths: [],
    drift: { Totaldeposit: 150, Totalwithdrawal: -20, Totalwithdrawals: 0 },
    reads: 40
  },
  startedBy: 'ana@ledger.test',
  error: null,
  ...over
});

/**
 * window.api with the methods a test gives; users.suspendedAmong finds nobody suspended, any other
 * method answers UNAVAILABLE and `on` subscribes to nothing.
 */
function fakeApi(methods: Record<string, Record<string, (input: never) => unknown>>) {
  const all: Record<string, Record<string, unknown>> = {
    ...methods,
    users: { suspendedAmong: async () => ok({ ids: [], emails: [] }) }
  };
  const unavailable = async () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'Not in this test.' } });
  (window as unknown as { api: unknown }).api = new Proxy(
    {},
    {
      get: (_target, namespace: string) =>
        namespace === 'on' ? () => () => undefined : new Proxy({}, { get: (_t, method: string) => all[namespace]?.[method] ?? unavailable })
    }
  );
}

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Tooltip.Provider>
        <MemoryRouter initialEntries={['/reconciliation']}>
          <ReconciliationPage />
        </MemoryRouter>
      </Tooltip.Provider>
    </QueryClientProvider>
  );

describe('Stop on the Reconciliation screen', () => {
  it('stops the run going on, and the screen then offers Resume', async () => {
    const running = run({ state: 'running', finishedAt: null, total: 1000, totals: { ...run({}).totals, customers: 250 } });
    const stopped = { ...running, state: 'stopped' as const, stoppedAt: '2026-03-01T09:02:00.000Z' };
    let latest = running;
    const stop = vi.fn(async () => {
      latest = stopped;
      return ok(stopped);
    });
    fakeApi({ reconciliation: { runs: async () => page([latest]), drifted: async () => page([]), stop } });
    show();

    const user = userEvent.setup();
    await screen.findByText('Running', undefined, { timeout: 5000 });
    expect(screen.getByRole('progressbar', { name: 'Customers checked' }).getAttribute('aria-valuenow')).toBe('250');
    expect(screen.queryByRole('button', { name: 'Start a run' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Stop' }));

    await waitFor(() => expect(stop).toHaveBeenCalledExactlyOnceWith({ id: 'run-7' }));
    expect(await screen.findByText('Stopped')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resume' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
  });
});

const check = (
  figure: FigureCheckRow['figure'],
  stored: number | null,
  records: number,
  adjustments: number,
  drift: number | null,
  unsummable = 0
): FigureCheckRow => ({
  figure,
  stored,
  records,
  recordCount: 3,
  unsummable,
  adjustments,
  adjustmentCount: 1,
  drift,
  problem: null
});

const drifted: DriftedCustomerRow[] = [
  {
    userId: 'u-olivia',
    fullname: 'Olivia Martin',
    email: 'olivia@example.com',
    figures: [check('Totaldeposit', 1500, 1200, 100, 200), check('Totalwithdrawal', 300, 320, 0, -20), check('Totalwithdrawals', 300, 320, 0, -20)]
  },
  {
    userId: 'u-carl',
    fullname: null,
    email: 'carl@example.com',
    // The platform's other spelling is not on Carl's document: no figure, empty cells.
    figures: [check('Totaldeposit', 50.25, 0, 0, 50.25, 1), check('Totalwithdrawal', 0, 0, 0, 0)]
  }
];

describe("Export CSV of a run's drifted customers", () => {
  it('reads every page of the run and saves one file with each figure: stored, from records, adjustments, unexplained', async () => {
    const list = vi.fn(async ({ cursor }: { id: string; cursor?: string; pageSize?: number }) =>
      cursor === 'after-olivia' ? page([drifted[1]]) : page([drifted[0]], 'after-olivia')
    );
    const saveCsv = vi.fn(async ({ suggestedName }: { suggestedName: string; content: string }) => ok({ path: `/home/ana/${suggestedName}` }));
    fakeApi({
      reconciliation: { runs: async () => page([run({})]), drifted: list },
      app: { info: async () => ok({ transport: 'electron' }) },
      files: { saveCsv }
    });
    show();
    const user = userEvent.setup();
    await screen.findByText('Finished', undefined, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(saveCsv).toHaveBeenCalledOnce());
    // The export's own pages, 500 at a time, of this run.
    expect(list).toHaveBeenCalledWith({ id: 'run-7', pageSize: 500 });
    expect(list).toHaveBeenCalledWith({ id: 'run-7', cursor: 'after-olivia', pageSize: 500 });

    const [{ suggestedName, content }] = saveCsv.mock.calls[0]!;
    expect(suggestedName).toMatch(/^reconciliation-drifted-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(content.startsWith('\ufeff')).toBe(true);
    const [header, ...rows] = Papa.parse<string[]>(content.slice(1), { skipEmptyLines: true }).data;
    const perFigure = (figure: string) => [
      `${figure} Stored`,
      `${figure} From Records`,
      `${figure} Adjustments`,
      `${figure} Unexplained`,
      `${figure} Not Summed`
    ];
    expect(header).toEqual(['Customer ID', 'Name', 'Email', ...perFigure('Totaldeposit'), ...perFigure('Totalwithdrawal'), ...perFigure('Totalwithdrawals')]);
    expect(rows).toEqual([
      ['u-olivia', 'Olivia Martin', 'olivia@example.com', '1500', '1200', '100', '200', '0', '300', '320', '0', '-20', '0', '300', '320', '0', '-20', '0'],
      ['u-carl', '', 'carl@example.com', '50.25', '0', '0', '50.25', '1', '0', '0', '0', '0', '0', '', '', '', '', '']
    ]);
  });
});
