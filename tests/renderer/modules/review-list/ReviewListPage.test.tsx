// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Layers } from 'lucide-react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MoneyListName } from '@shared/contract';
import { defineReviewList } from '@renderer/modules/review-list/definition';
import { ReviewListPage } from '@renderer/modules/review-list/ReviewListPage';
import { userPath } from '@renderer/modules/customers/CustomerLink';

afterEach(cleanup);

interface Row {
  id: string;
  status: string;
  email: string | null;
}

function listOf(name: MoneyListName) {
  const list = vi.fn(async (_input: unknown) => ({
    ok: true as const,
    value: { rows: [{ id: 'r1', status: 'active', email: 'olivia@example.com' }], nextCursor: null, total: 1, unlisted: 0 }
  }));
  const counts = vi.fn(async (_input: unknown) => ({ ok: true as const, value: { all: 1, statuses: { active: 1, completed: 0 } } }));
  const defined = defineReviewList<Row, 'active' | 'completed', 'compoundInvestments.setStatus'>({
    name,
    root: [name],
    title: 'Investments',
    description: 'Follow them.',
    status: { statuses: ['active', 'completed'], preview: vi.fn(), decision: vi.fn(), save: vi.fn() },
    noun: { one: 'investment', many: 'investments' },
    columns: (changeStatus) => [changeStatus],
    sortField: 'creation date',
    empty: { icon: Layers, title: 'No investments yet' },
    source: { list, counts, exportColumns: [] }
  });
  return { defined, list, counts };
}

const show = (ui: React.ReactNode, url: string) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
    </QueryClientProvider>
  );

describe('a money list embedded with a fixed customer (a customer page tab)', () => {
  it('has no title and no customer filter, and always sends the customer by id', async () => {
    const { defined, list, counts } = listOf('investments');
    show(
      <ReviewListPage list={defined} embedded fixedUser={{ userId: 'u1', email: 'olivia@example.com' }} />,
      '/users/u1?tab=investments&status=active&customer=someone-else'
    );
    // The first render of a file also loads its modules: slow on a busy machine.
    await screen.findByRole('combobox', { name: 'Change status for investment from olivia@example.com' }, { timeout: 5000 });
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Customer' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
    expect(list).toHaveBeenCalledWith({ status: 'active', customer: { userId: 'u1' }, order: 'newest', pageSize: 10 });
    expect(counts).toHaveBeenCalledWith({ customer: { userId: 'u1' } });
  });

  it('compound investments send the e-mail, as their records carry only that', async () => {
    const { defined, list } = listOf('compoundInvestments');
    show(<ReviewListPage list={defined} embedded fixedUser={{ userId: 'u1', email: 'olivia@example.com' }} />, '/users/u1');
    await waitFor(() => expect(list).toHaveBeenCalledWith({ customer: { email: 'olivia@example.com' }, order: 'newest', pageSize: 10 }));
  });

  it('on its own screen, the title and the customer filter show, and the URL customer is sent', async () => {
    const { defined, list } = listOf('investments');
    show(<ReviewListPage list={defined} />, '/investments?customer=u7&order=oldest&size=50');
    // The page size in the address is the one asked for: 50 rows (51 documents read).
    await waitFor(() => expect(list).toHaveBeenCalledWith({ customer: { userId: 'u7' }, order: 'oldest', pageSize: 50 }));
    expect(screen.getByRole('heading', { level: 1, name: 'Investments' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Customer filter' })).toBeTruthy();
  });
});

describe('the dates of a list', () => {
  it('keep From when To is typed before the list has redrawn (as the app router draws a navigation)', async () => {
    const { defined, list } = listOf('investments');
    const router = createMemoryRouter([{ path: '/investments', element: <ReviewListPage list={defined} /> }], { initialEntries: ['/investments'] });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    );
    const from = await screen.findByLabelText('From', { exact: true }, { timeout: 5000 });
    const to = screen.getByLabelText('To', { exact: true });
    // Both changes land before React draws either: a fast typist, or a busy machine.
    await act(async () => {
      fireEvent.change(from, { target: { value: '2026-01-05' } });
      fireEvent.change(to, { target: { value: '2026-01-20' } });
    });
    expect(router.state.location.search).toBe('?from=2026-01-05&to=2026-01-20');
    expect((from as HTMLInputElement).value).toBe('2026-01-05');
    expect((to as HTMLInputElement).value).toBe('2026-01-20');
    // The list asked for is the one between both days (instants in this computer's zone).
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ from: expect.any(String), to: expect.any(String) })));
  });
});

describe('the customer page of a record', () => {
  it('is by id when the record has one, else by e-mail, else none', () => {
    expect(userPath('u1', 'olivia@example.com')).toBe('/users/u1');
    expect(userPath(null, 'olivia+1@example.com')).toBe('/users/by-email?email=olivia%2B1%40example.com');
    expect(userPath(null, null)).toBeNull();
  });
});
