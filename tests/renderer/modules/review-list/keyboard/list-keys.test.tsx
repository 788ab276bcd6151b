// @vitest-environment jsdom
import * as Tooltip from '@radix-ui/react-tooltip';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Layers } from 'lucide-react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StatusPreview } from '@shared/contract';
import { ApiError } from '@renderer/lib/api';
import { decided, type Decision } from '@renderer/modules/status/status-change';
import { defineReviewList } from '@renderer/modules/review-list/definition';
import { ReviewListPage } from '@renderer/modules/review-list/ReviewListPage';

afterEach(cleanup);

interface Row {
  id: string;
  status: string;
  email: string | null;
  amount: number | null;
  amountRaw: string | null;
}

type S = 'pending' | 'success' | 'failed';

const rows: Row[] = [
  { id: 'd1', status: 'pending', email: 'ann@example.com', amount: 10, amountRaw: null },
  { id: 'd2', status: 'pending', email: 'bob@example.com', amount: 20, amountRaw: null },
  { id: 'd3', status: 'success', email: 'cy@example.com', amount: 30, amountRaw: null }
];

const preview = (id: string): StatusPreview => ({
  allowed: true,
  refusal: null,
  effects: [],
  activation: null,
  emails: [],
  notes: [],
  overrides: [],
  version: `v-${id}`
});

function depositsLike() {
  const save = vi.fn(async ({ id, status }: Decision<'deposits.setStatus'>) => {
    if (id === 'd2') throw new ApiError('STALE_VERSION', 'This record changed since you opened it.');
    return { status, message: 'Deposit updated.', effects: [], notes: [], emailsQueued: 0 };
  });
  const list = defineReviewList<Row, S, 'deposits.setStatus'>({
    name: 'deposits',
    root: ['test-deposits'],
    title: 'Deposits',
    description: 'Review them.',
    status: {
      statuses: ['pending', 'success', 'failed'],
      lock: (row) => (row.status === 'success' ? 'Locked once successful.' : null),
      preview: vi.fn(async (id: string) => preview(id)),
      decision: (id, status, choice) => ({ id, status, ...decided(choice) }),
      save
    },
    noun: { one: 'deposit', many: 'deposits' },
    columns: (changeStatus) => [changeStatus],
    sortField: 'timestamp',
    empty: { icon: Layers, title: 'No deposits yet' },
    source: {
      list: async () => ({ ok: true as const, value: { rows, nextCursor: null, total: 3, unlisted: 0 } }),
      counts: async () => ({ ok: true as const, value: { all: 3, statuses: { pending: 2, success: 1, failed: 0 } } }),
      exportColumns: []
    }
  });
  return { list, save };
}

const show = (ui: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Tooltip.Provider>
        <MemoryRouter initialEntries={['/deposits']}>{ui}</MemoryRouter>
      </Tooltip.Provider>
    </QueryClientProvider>
  );

async function bodyRows() {
  // The list waits for the remembered page size before its first page: give a busy machine time.
  await screen.findByRole('combobox', { name: 'Change status for deposit from ann@example.com' }, { timeout: 5000 });
  return within(screen.getByRole('table')).getAllByRole('row').slice(1);
}

describe('a money list by keyboard', () => {
  it('j/k move the focus between rows, x and Shift+x select, Escape clears', async () => {
    const user = userEvent.setup();
    show(<ReviewListPage list={depositsLike().list} />);
    const [first, second, third] = await bodyRows();
    // One tab stop for the rows: the first until another is focused.
    expect(first!.tabIndex).toBe(0);
    expect(second!.tabIndex).toBe(-1);
    first!.focus();
    await user.keyboard('j');
    expect(document.activeElement).toBe(second);
    expect(second!.tabIndex).toBe(0);
    await user.keyboard('k');
    expect(document.activeElement).toBe(first);
    await user.keyboard('x');
    expect(screen.getByRole('region', { name: 'Selected rows' }).textContent).toContain('1 selected');
    await user.keyboard('jj{Shift>}x{/Shift}');
    expect(document.activeElement).toBe(third);
    expect(screen.getByRole('region', { name: 'Selected rows' }).textContent).toContain('3 selected');
    expect((screen.getByRole('checkbox', { name: 'Select every row on this page' }) as HTMLInputElement).checked).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Selected rows' })).toBeNull();
  });

  it("a status key opens the row's own decision, and the row's tooltip names the keys", async () => {
    const user = userEvent.setup();
    show(<ReviewListPage list={depositsLike().list} />);
    const [first] = await bodyRows();
    expect(first!.title).toContain('p: Pending · s: Success · f: Failed');
    first!.focus();
    await user.keyboard('f');
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Set this deposit from ann@example.com to Failed?');
  });

  it('typing in a field outside the table triggers nothing', async () => {
    const user = userEvent.setup();
    show(
      <>
        <input aria-label="Elsewhere" />
        <ReviewListPage list={depositsLike().list} />
      </>
    );
    await bodyRows();
    await user.type(screen.getByRole('textbox', { name: 'Elsewhere' }), 'xsf');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Selected rows' })).toBeNull();
  });
});

describe('a bulk change from the selection', () => {
  it('summarises, runs each record on its own with its version, and reports done and refused', async () => {
    const user = userEvent.setup();
    const { list, save } = depositsLike();
    show(<ReviewListPage list={list} />);
    await bodyRows();
    await user.click(screen.getByRole('checkbox', { name: 'Select every row on this page' }));
    await user.click(within(screen.getByRole('region', { name: 'Selected rows' })).getByRole('button', { name: 'Set Failed' }));
    const dialog = await screen.findByRole('alertdialog');
    const changing = await within(dialog).findByRole('region', { name: 'Will change (2)' });
    expect(within(changing).getAllByRole('listitem')).toHaveLength(2);
    expect(within(dialog).getByRole('region', { name: 'Cannot change (1)' }).textContent).toContain('Locked once successful.');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Set 2 to Failed' }));
    await within(dialog).findByText('1 done, 2 refused.');
    expect(save).toHaveBeenCalledTimes(2);
    expect(save.mock.calls.map(([sent]) => [sent.id, sent.status, sent.version])).toEqual([
      ['d1', 'failed', 'v-d1'],
      ['d2', 'failed', 'v-d2']
    ]);
    expect(dialog.textContent).toContain('This record changed since you opened it.');
    expect(within(dialog).getByRole('progressbar').getAttribute('aria-valuetext')).toBe('2 of 2');
  });
});
