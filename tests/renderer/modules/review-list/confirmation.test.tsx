// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { Layers } from 'lucide-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { moneyConfirmation } from '@renderer/modules/review-list/confirmation';
import { defineReviewList } from '@renderer/modules/review-list/definition';

afterEach(cleanup);

interface Row {
  id: string;
  status: string;
  email: string | null;
}

const list = (loadFailed?: string) =>
  defineReviewList<Row, 'active' | 'completed', 'compoundInvestments.setStatus'>({
    name: 'compoundInvestments',
    root: ['compoundInvestments'],
    title: 'All Compound Investments',
    description: 'Follow them.',
    ...(loadFailed ? { loadFailed } : {}),
    status: { statuses: ['active', 'completed'], preview: vi.fn(), decision: vi.fn(), save: vi.fn(), column: { id: 'actions', header: 'Actions' } },
    noun: { one: 'compound investment', many: 'compound investments' },
    columns: (changeStatus) => [changeStatus],
    sortField: 'start date',
    empty: { icon: Layers, title: 'No investments found' },
    source: { list: vi.fn(), counts: vi.fn(), exportColumns: [] }
  });

describe('a money list definition', () => {
  it('derives the wording every list shares from its noun', () => {
    const defined = list();
    expect(defined.errorTitle).toBe("Couldn't load compound investments");
    expect(defined.fileBaseName).toBe('compound-investments');
    expect(defined.keys.list()).toEqual(['compoundInvestments', 'list']);
    expect(defined.keys.filtered({ status: 'active' })).toEqual(['compoundInvestments', 'list', { status: 'active' }]);
    expect(defined.loadFailed).toBe('Failed to load compound investments.');
    expect(list('Failed to fetch compound investments.').loadFailed).toBe('Failed to fetch compound investments.');
    // Compound investments name their customer by e-mail and allow the three orders.
    expect(defined.definition.filters).toHaveProperty('email');
    expect(defined.definition.filters).not.toHaveProperty('userId');
  });

  it('places the status column where the list says, under its own header', () => {
    const [changeStatus] = list().tableColumns;
    expect(changeStatus).toMatchObject({ id: 'actions', header: 'Actions' });
  });
});

describe("a list's page fetcher", () => {
  it('sends the filters with every page, and the focused record only with the first', async () => {
    const calls: unknown[] = [];
    const defined = defineReviewList<Row, 'active' | 'completed', 'compoundInvestments.setStatus'>({
      name: 'compoundInvestments',
      root: ['compoundInvestments'],
      title: 'All Compound Investments',
      description: '',
      status: { statuses: ['active', 'completed'], preview: vi.fn(), decision: vi.fn(), save: vi.fn() },
      noun: { one: 'compound investment', many: 'compound investments' },
      columns: (changeStatus) => [changeStatus],
      sortField: 'start date',
      empty: { icon: Layers, title: 'No investments found' },
      source: {
        list: async (input) => {
          calls.push(input);
          return { ok: true, value: { rows: [], nextCursor: null, total: 0, unlisted: 0 } };
        },
        counts: vi.fn(),
        exportColumns: []
      }
    });
    const fetch = defined.fetcher({ status: 'active', customer: { email: 'olivia@example.com' }, order: 'oldest', focus: 'c9' });
    await fetch(null);
    await fetch('abc', 500);
    expect(calls).toEqual([
      { status: 'active', customer: { email: 'olivia@example.com' }, order: 'oldest', focus: 'c9' },
      { status: 'active', customer: { email: 'olivia@example.com' }, order: 'oldest', cursor: 'abc', pageSize: 500 }
    ]);
  });
});

describe('a question before money moves', () => {
  it('names the amount and the customer in bold, or the stored text when the amount is not a number', () => {
    const question = {
      title: 'Approve withdrawal?',
      question: 'Approve this withdrawal of {amount} to {user}?',
      consequence: 'This cannot be undone.',
      confirmLabel: 'Approve withdrawal'
    };
    const asked = moneyConfirmation({ amount: 250, amountRaw: null, email: 'olivia@gmail.com', username: null }, question);
    render(<>{asked.description}</>);
    expect(screen.getByText(/^Approve this withdrawal of/).textContent).toBe('Approve this withdrawal of $250.00 to olivia@gmail.com?');
    expect(screen.getByText('$250.00').tagName).toBe('STRONG');
    expect(screen.getByText('olivia@gmail.com').tagName).toBe('STRONG');
    expect(asked).toMatchObject({ title: 'Approve withdrawal?', confirmLabel: 'Approve withdrawal' });
    expect(asked).not.toHaveProperty('tone');
    cleanup();

    const odd = moneyConfirmation({ amount: null, amountRaw: '12,5', email: null, username: 'olivia' }, { ...question, tone: 'danger' });
    render(<>{odd.description}</>);
    expect(screen.getByText(/^Approve this withdrawal of/).textContent).toBe('Approve this withdrawal of "12,5" to olivia?');
    expect(odd.tone).toBe('danger');
  });
});
