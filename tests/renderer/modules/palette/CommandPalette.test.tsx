// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Keyboard, LayoutDashboard, LogOut, UserRound, Users, ArrowDownToLine } from 'lucide-react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FindResult, RecordMatch } from '@shared/contract';
import { CommandPalette } from '@renderer/modules/palette/CommandPalette';
import { looksLikeId, paletteGroups, type Destination } from '@renderer/modules/palette/palette-items';
import { usePalette } from '@renderer/modules/palette/palette-store';
import type { RecordSource } from '@renderer/modules/palette/record-source';
import { useRegisterExport } from '@renderer/lib/current-view';
import { standInForLayout } from '../../../support/renderer/render';

const destinations: Destination[] = [
  { label: 'Dashboard', to: '/', icon: LayoutDashboard, keywords: ['home'] },
  { label: 'Manage Users', to: '/users', icon: Users, keywords: ['customers'] },
  { label: 'Manage Deposits', to: '/deposits', icon: ArrowDownToLine, keywords: [] },
  { label: 'Manage Withdrawals', to: '/withdrawals', icon: ArrowDownToLine, keywords: [] },
  { label: 'Webmail', to: '/sendmail', icon: ArrowDownToLine, keywords: [] },
  { label: 'Pending withdrawals', to: '/withdrawals?status=pending', icon: ArrowDownToLine, keywords: ['queue'] },
  { label: 'Sign out', to: '/logout', icon: LogOut, keywords: ['logout'] }
];

const DEPOSIT_ID = 'dep0123456789abcdefXYZ';
const depositMatch: RecordMatch = {
  kind: 'deposit',
  id: DEPOSIT_ID,
  label: 'Deposit of $250.00 by olivia@example.com',
  detail: 'pending · 2026-03-01T10:00:00.000Z',
  userId: 'u1'
};

const customers = [
  { id: 'u1', fullname: 'Olivia Martin', email: 'olivia@example.com' },
  { id: 'u2', fullname: 'Oliver Stone', email: 'oliver@example.com' }
];

const search = vi.fn(async ({ text }: { text: string }) => ({
  ok: true as const,
  value: { rows: customers.filter((c) => c.fullname.toLowerCase().startsWith(text.toLowerCase())), limit: 20, queries: [] }
}));
const find = vi.fn(async (text: string): Promise<FindResult> => ({ matches: text === DEPOSIT_ID ? [depositMatch] : [], documentsRead: 5 }));

const records: RecordSource = {
  useFind: (text) => useQuery({ queryKey: ['find', text], queryFn: () => find(text), enabled: text.length >= 2 }),
  pathOf: (match) => (match.kind === 'user' ? `/users/${match.id}` : `/deposits?focus=${match.id}`),
  lookOf: (kind) => ({ noun: kind === 'user' ? 'Customer' : 'Deposit', icon: kind === 'user' ? UserRound : ArrowDownToLine, tint: '' }),
  detailOf: (match) => ({ status: match.detail?.split(' · ')[0] ?? null, text: 'Mar 1, 2026' })
};

beforeAll(standInForLayout);

beforeEach(() => {
  (window as unknown as { api: unknown }).api = { users: { search } };
  act(() => usePalette.getState().setOpen(true));
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  act(() => usePalette.getState().setOpen(false));
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function ScreenWithExport({ run }: { run: () => void }) {
  useRegisterExport('deposits', run);
  return null;
}

function show(options: { exportRun?: () => void; showShortcuts?: () => void } = {}) {
  const actions = options.showShortcuts
    ? [{ value: 'show shortcuts', label: 'Keyboard shortcuts', icon: Keyboard, keywords: ['help'], action: options.showShortcuts }]
    : [];
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/deposits']}>
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
        {options.exportRun && <ScreenWithExport run={options.exportRun} />}
        <CommandPalette destinations={destinations} records={records} actions={actions} />
      </MemoryRouter>
    </QueryClientProvider>
  );
  return { user: userEvent.setup(), input: screen.getByRole('combobox') };
}

const group = (name: string) => screen.queryByRole('group', { name });
const optionNames = (name: string) =>
  within(group(name)!)
    .getAllByRole('option')
    .map((o) => o.textContent);
const where = () => screen.getByTestId('where').textContent;

describe('the command palette', () => {
  it('opens on every screen and action, and no customer before anything is typed', () => {
    show({ showShortcuts: vi.fn() });
    expect(screen.getByRole('dialog', { name: 'Command palette' })).toBeTruthy();
    expect(optionNames('Go to')).toEqual(destinations.map((d) => d.label));
    expect(optionNames('Actions')).toEqual(['Keyboard shortcuts']);
    expect(group('Customers')).toBeNull();
    expect(group('Records')).toBeNull();
    expect(search).not.toHaveBeenCalled();
  });

  it('narrows the screens to the ones named, and Enter goes to the first', async () => {
    const { user, input } = show();
    await user.type(input, 'withdr');
    expect(optionNames('Go to')).toEqual(['Manage Withdrawals', 'Pending withdrawals']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(where()).toBe('/withdrawals?status=pending');
    expect(usePalette.getState().open).toBe(false);
  });

  it('finds customers by the start of their name and opens the one chosen on their page', async () => {
    const { user, input } = show();
    await user.type(input, 'Oli');
    await waitFor(() => expect(optionNames('Customers')).toEqual(['Customer: Olivia Martinolivia@example.com', 'Customer: Oliver Stoneoliver@example.com']));
    expect(search).toHaveBeenLastCalledWith({ text: 'Oli' });
    // "Oli" names no screen: the customers are the only rows, the first highlighted.
    expect(group('Go to')).toBeNull();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(where()).toBe('/users/u2');
  });

  it('looks a pasted id up with records.find, not the customer search, and opens the record in its list', async () => {
    const { user, input } = show();
    await user.click(input);
    await user.paste(DEPOSIT_ID);
    const row = await within(await screen.findByRole('group', { name: 'Records' })).findByRole('option');
    expect(row.textContent).toContain('Deposit of $250.00 by olivia@example.com');
    expect(row.textContent).toContain('Pending');
    expect(find).toHaveBeenCalledWith(DEPOSIT_ID);
    expect(search).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(where()).toBe(`/deposits?focus=${DEPOSIT_ID}`);
  });

  it('opens the one record an id names when Enter was pressed before the answer came', async () => {
    let answer!: (result: FindResult) => void;
    find.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const { user, input } = show();
    await user.click(input);
    await user.paste(DEPOSIT_ID);
    await waitFor(() => expect(find).toHaveBeenCalled());
    await user.keyboard('{Enter}');
    expect(where()).toBe('/deposits');
    await act(async () => answer({ matches: [depositMatch], documentsRead: 5 }));
    await waitFor(() => expect(where()).toBe(`/deposits?focus=${DEPOSIT_ID}`));
  });

  it('says so when nothing matches, once the search has answered', async () => {
    const { user, input } = show();
    await user.type(input, 'zzqx');
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^No results for “zzqx”/));
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it("offers the screen's Export CSV only while the screen offers it, and runs that same export", async () => {
    const run = vi.fn();
    const { user, input } = show({ exportRun: run });
    await user.type(input, 'export');
    expect(optionNames('Actions')).toEqual(['Export CSVDeposits, as filtered on this screen']);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    expect(where()).toBe('/deposits');
  });
});

describe('the palette rows', () => {
  it('put a record found by id first, then strong screen matches, then customers; weak matches are left out', () => {
    const item = (value: string) => ({ value, label: value, icon: UserRound, run: { to: '/' } });
    const groups = paletteGroups({ text: 'ma', destinations, actions: [], users: [item('Mark')], records: [item('Deposit')] });
    expect(groups.map((g) => g.name)).toEqual(['Records', 'Go to', 'Customers']);
    // "Webmail" holds an m and an a, scattered: not offered before the customers.
    expect(groups[1]!.items.map((i) => i.label)).toEqual(['Manage Users', 'Manage Deposits', 'Manage Withdrawals']);
  });

  it('match keywords as well as labels', () => {
    const groups = paletteGroups({ text: 'logout', destinations, actions: [], users: [], records: [] });
    expect(groups[0]!.items.map((i) => i.label)).toEqual(['Sign out']);
  });

  it('treat as an id only one long word without @', () => {
    expect(looksLikeId(DEPOSIT_ID)).toBe(true);
    expect(looksLikeId('olivia@example.com')).toBe(false);
    expect(looksLikeId('Olivia Martin Smith')).toBe(false);
    expect(looksLikeId('olivia')).toBe(false);
    expect(looksLikeId('deposits/abcdefghijklmnop')).toBe(false);
  });
});
