// @vitest-environment jsdom
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Inbox } from 'lucide-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Page } from '@shared/contract';
import { ApiError } from '@renderer/lib/api';
import { column } from '@renderer/components/data-table/column';
import { PagedTable, type PagedTableProps } from '@renderer/components/data-table/PagedTable';

interface Row {
  id: string;
  name: string;
}

type Query = UseInfiniteQueryResult<InfiniteData<Page<Row>, unknown>>;

/** The parts of a TanStack infinite query the table reads, as a test sets them. */
function query(state: Partial<Query> & { pages?: Page<Row>[] }): Query {
  const { pages, ...rest } = state;
  return {
    data: pages ? { pages, pageParams: pages.map(() => null) } : undefined,
    isError: false,
    error: null,
    isFetching: false,
    hasNextPage: false,
    isFetchingNextPage: false,
    refetch: vi.fn(),
    fetchNextPage: vi.fn(),
    ...rest
  } as unknown as Query;
}

const page = (rows: Row[], over: Partial<Page<Row>> = {}): Page<Row> => ({ rows, nextCursor: null, total: rows.length, unlisted: 0, ...over });

const show = (q: Query, props: Partial<PagedTableProps<Row>> = {}) =>
  render(
    <PagedTable
      query={q}
      columns={[column<Row>('name', 'Name', (row) => row.name, { skeleton: 'w-20' })]}
      caption="Things, newest first"
      noun={{ one: 'thing', many: 'things' }}
      sortField="date"
      empty={{ icon: Inbox, title: 'No things yet', description: 'Things appear here.' }}
      errorTitle="Couldn't load things"
      {...props}
    />
  );

afterEach(cleanup);

describe('the shared paged table', () => {
  it('while the first page loads: a busy table of skeleton rows, no count', () => {
    show(query({ isFetching: true }));
    const table = screen.getByRole('table', { name: 'Things, newest first' });
    expect(table.getAttribute('aria-busy')).toBe('true');
    expect(within(table).getAllByRole('row')).toHaveLength(11); // the header and ten skeleton rows
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('with no records: the empty state, and no footer', () => {
    show(query({ pages: [page([])] }));
    expect(screen.getByRole('heading', { name: 'No things yet' })).toBeTruthy();
    expect(screen.getByText('Things appear here.')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('with no listable records but some lacking the sort field: the empty state and the note', () => {
    show(query({ pages: [page([], { total: 0, unlisted: 3 })] }));
    expect(screen.getByRole('heading', { name: 'No things yet' })).toBeTruthy();
    expect(screen.getByText('3 things have no date and are not listed.')).toBeTruthy();
  });

  it('with rows: the rows, the count and Load More while pages remain', async () => {
    const fetchNextPage = vi.fn();
    show(
      query({
        pages: [
          page(
            [
              { id: 'a', name: 'Alpha' },
              { id: 'b', name: 'Beta' }
            ],
            { total: 12, unlisted: 1 }
          )
        ],
        hasNextPage: true,
        fetchNextPage
      })
    );
    expect(screen.getByRole('cell', { name: 'Alpha' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Showing 2 of 12 things');
    expect(screen.getByText('1 thing has no date and is not listed.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('says one record in the singular, whether or not the list knows its total', () => {
    show(query({ pages: [page([{ id: 'a', name: 'Alpha' }], { total: null })] }));
    expect(screen.getByRole('status').textContent).toBe('Showing 1 thing');
    cleanup();
    show(query({ pages: [page([{ id: 'a', name: 'Alpha' }], { total: 1, unlisted: 0 })] }));
    expect(screen.getByRole('status').textContent).toBe('Showing 1 of 1 thing');
    cleanup();
    show(query({ pages: [page([{ id: 'a', name: 'Alpha' }], { total: 4, unlisted: 0 })] }));
    expect(screen.getByRole('status').textContent).toBe('Showing 1 of 4 things');
  });

  it('when the first page fails: the error with its reason, and Retry reads again', async () => {
    const refetch = vi.fn();
    show(query({ isError: true, error: new ApiError('UNAVAILABLE', 'The platform did not answer.'), refetch }));
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('heading', { name: "Couldn't load things" })).toBeTruthy();
    expect(screen.getByText('The platform did not answer.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('when the first page fails and the list names no failure of its own: the plain title and what to check', () => {
    show(query({ isError: true, error: new ApiError('UNAVAILABLE', 'The platform did not answer.') }), { errorTitle: undefined });
    expect(screen.getByRole('heading', { name: 'Failed to load the things.' })).toBeTruthy();
    expect(screen.getByText('Check the connection to the platform, then try again.')).toBeTruthy();
    expect(screen.queryByText('The platform did not answer.')).toBeNull();
  });

  it('a failed refresh keeps the rows already shown', () => {
    show(query({ pages: [page([{ id: 'a', name: 'Alpha' }])], isError: true, error: new Error('later failure') }));
    expect(screen.getByRole('cell', { name: 'Alpha' })).toBeTruthy();
    expect(screen.queryByText('later failure')).toBeNull();
  });
});
