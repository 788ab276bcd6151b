// @vitest-environment jsdom
import { defaultPlatformSettings } from '@shared/domain/platformSettings';
import * as Tooltip from '@radix-ui/react-tooltip';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Papa from 'papaparse';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DriftedCustomerRow, FigureCheckRow, ReconciliationRun } from '@shared/contract';
import { ReconciliationPage } from '@renderer/features/reconciliation/ReconciliationPage';

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
    const summary = await screen.findByRole('region', { name: 'The last run' }, { timeout: 5000 });
    expect(within(summary).getByText('Running')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Customers checked' }).getAttribute('aria-valuenow')).toBe('250');
    expect(screen.queryByRole('button', { name: 'Start a run' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Stop' }));

    await waitFor(() => expect(stop).toHaveBeenCalledExactlyOnceWith({ id: 'run-7' }));
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'The last run' })).getByText('Stopped')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Resume' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
  });
});

describe('runs on the server beside runs on this desktop', () => {
  it('lists every run with who ran it, says so of the last one, and sets the nightly hour', async () => {
    const nightly = run({ id: 'run-9', by: 'server', startedBy: 'nightly schedule (Ledgerdesk functions)', startedAt: '2026-03-02T02:00:00.000Z' });
    const earlier = run({ id: 'run-7', by: 'desktop' });
    const save = vi.fn(async () => ok({ message: 'Platform settings saved.' }));
    fakeApi({
      reconciliation: {
        runs: async ({ pageSize }: { pageSize?: number }) => page(pageSize === 1 ? [nightly] : [nightly, earlier]),
        drifted: async () => page([])
      },
      platformSettings: { get: async () => ok({ ...defaultPlatformSettings, reconciliationHour: 2 }), save }
    });
    show();

    const summary = await screen.findByRole('region', { name: 'The last run' }, { timeout: 5000 });
    expect(summary.textContent).toMatch(/Finished · run by the server · started .* by nightly schedule \(Ledgerdesk functions\)/);
    const table = await screen.findByRole('table', { name: /Every run, newest first/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual(['Server (Ledgerdesk’s functions)', 'This desktop']);

    const hour = await screen.findByLabelText('Nightly reconciliation starts at');
    expect(hour).toHaveProperty('value', '2');
    await userEvent.selectOptions(hour, '23');
    await waitFor(() => expect(save).toHaveBeenCalledWith(expect.objectContaining({ changes: { reconciliationHour: 23 } })));
    await userEvent.selectOptions(hour, 'No nightly run');
    await waitFor(() => expect(save).toHaveBeenCalledWith(expect.objectContaining({ changes: { reconciliationHour: null } })));
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
