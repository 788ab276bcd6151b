// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Layers } from 'lucide-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { column } from '@renderer/components/data-table/column';
import { decided } from '@renderer/modules/status/status-change';
import { defineReviewList } from '@renderer/modules/review-list/definition';
import { ReviewListPage } from '@renderer/modules/review-list/ReviewListPage';
import { showInApp } from '../../../support/renderer/render';
import { signInAs } from '../../../support/renderer/session';

// A money list shows every role its records; only a role that may decide (admin, owner) is offered
// the status change: the select, the row boxes and bulk bar, and the status keys.

afterEach(() => {
  cleanup();
  signInAs('owner');
});

interface Row {
  id: string;
  status: string;
  email: string | null;
}

const rows: Row[] = [
  { id: 'd1', status: 'pending', email: 'ann@example.com' },
  { id: 'd2', status: 'pending', email: 'bob@example.com' }
];

function depositsLike() {
  const save = vi.fn(async () => ({ status: 'failed', message: 'Deposit updated.', effects: [], notes: [], emailsQueued: 0 }));
  const preview = vi.fn(async () => {
    throw new Error('not in this test');
  });
  const list = defineReviewList<Row, 'pending' | 'success' | 'failed', 'deposits.setStatus'>({
    name: 'deposits',
    root: ['role-deposits'],
    title: 'Deposits',
    description: 'Review them.',
    status: { statuses: ['pending', 'success', 'failed'], preview, decision: (id, status, choice) => ({ id, status, ...decided(choice) }), save },
    noun: { one: 'deposit', many: 'deposits' },
    columns: (changeStatus) => [column<Row>('email', 'Email', (row) => row.email, { required: true }), changeStatus],
    sortField: 'timestamp',
    empty: { icon: Layers, title: 'No deposits yet' },
    source: {
      list: async () => ({ ok: true as const, value: { rows, nextCursor: null, total: rows.length, unlisted: 0 } }),
      counts: async () => ({ ok: true as const, value: { all: 2, statuses: { pending: 2, success: 0, failed: 0 } } }),
      exportColumns: []
    }
  });
  return { list, preview, save };
}

/** The list drawn, its first row focused: the rows are there once the e-mail shows. */
async function shownList() {
  const deposits = depositsLike();
  showInApp(<ReviewListPage list={deposits.list} />, '/deposits');
  // The list waits for the remembered page size before its first page: give a busy machine time.
  await screen.findByText('ann@example.com', {}, { timeout: 5000 });
  const [first] = within(screen.getByRole('table')).getAllByRole('row').slice(1);
  return { ...deposits, first: first! };
}

describe('a money list, by role', () => {
  it.each(['viewer', 'support'] as const)('shows the %s role the records with no status change, no row boxes and status keys that do nothing', async (role) => {
    signInAs(role);
    const user = userEvent.setup();
    const { first, preview, save } = await shownList();
    expect(screen.getByText('bob@example.com')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /Change status/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Change Status' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select every row on this page' })).toBeNull();
    // The keys that would decide (f: Failed) and select (x) do nothing on the focused row.
    first.focus();
    await user.keyboard('fx');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Selected rows' })).toBeNull();
    expect(preview).not.toHaveBeenCalled();
    expect(save).not.toHaveBeenCalled();
  });

  it('offers an admin the status change, the row boxes and the keys', async () => {
    signInAs('admin');
    const user = userEvent.setup();
    const { first } = await shownList();
    expect(screen.getByRole('combobox', { name: 'Change status for deposit from ann@example.com' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Select every row on this page' })).toBeTruthy();
    first.focus();
    await user.keyboard('x');
    expect(screen.getByRole('region', { name: 'Selected rows' }).textContent).toContain('1 selected');
  });
});
