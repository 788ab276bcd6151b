// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { Layers } from 'lucide-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { moneyConfirmation } from '../../src/renderer/src/components/money-list/confirmation';
import { defineMoneyList } from '../../src/renderer/src/components/money-list/money-list';
import { listKeys } from '../../src/renderer/src/lib/query-keys';

afterEach(cleanup);

interface Row {
  id: string;
  status: string;
  email: string | null;
}

const list = (loadFailed?: string) =>
  defineMoneyList<Row, 'active' | 'completed'>({
    title: 'All Compound Investments',
    description: 'Follow them.',
    ...(loadFailed ? { loadFailed } : {}),
    status: { statuses: ['active', 'completed'], save: vi.fn(), column: { id: 'actions', header: 'Actions' } },
    noun: { one: 'compound investment', many: 'compound investments' },
    columns: (changeStatus) => [changeStatus],
    sortField: 'start date',
    empty: { icon: Layers, title: 'No investments found' },
    source: { keys: listKeys(['compoundInvestments']), fetchPage: vi.fn(), exportColumns: [] }
  });

describe('a money list definition', () => {
  it('derives the wording every list shares from its noun', () => {
    const defined = list();
    expect(defined.errorTitle).toBe("Couldn't load compound investments");
    expect(defined.fileBaseName).toBe('compound-investments');
    expect(defined.query.queryKey).toEqual(['compoundInvestments', 'list']);
    expect(defined.query.meta).toEqual({ errorTitle: 'Failed to load compound investments.' });
    expect(list('Failed to fetch compound investments.').query.meta).toEqual({ errorTitle: 'Failed to fetch compound investments.' });
  });

  it('places the status column where the list says, under its own header', () => {
    const [changeStatus] = list().tableColumns;
    expect(changeStatus).toMatchObject({ id: 'actions', header: 'Actions' });
  });
});

describe('a question before money moves', () => {
  it('names the amount and the customer in bold, or the stored text when the amount is not a number', () => {
    const question = {
      title: 'Approve withdrawal?',
      question: ['Approve this withdrawal of', 'to', '?'] as [string, string, string],
      consequence: 'This cannot be undone.',
      confirmLabel: 'Approve withdrawal'
    };
    const asked = moneyConfirmation({ amount: 250, amountRaw: null, email: 'olivia@gmail.com', username: null }, question);
    render(<>{asked.description}</>);
    expect(screen.getByText(/^Approve this withdrawal of/).textContent).toBe('Approve this withdrawal of $250.00 to olivia@gmail.com?');
    expect(asked).toMatchObject({ title: 'Approve withdrawal?', confirmLabel: 'Approve withdrawal' });
    expect(asked).not.toHaveProperty('tone');
    cleanup();

    const odd = moneyConfirmation({ amount: null, amountRaw: '12,5', email: null, username: 'olivia' }, { ...question, tone: 'danger' });
    render(<>{odd.description}</>);
    expect(screen.getByText(/^Approve this withdrawal of/).textContent).toBe('Approve this withdrawal of "12,5" to olivia?');
    expect(odd.tone).toBe('danger');
  });
});
