// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ColumnLayout, ColumnLayouts, ColumnList } from '@shared/contract';
import { column } from '@renderer/components/data-table/column';
import { ColumnsButton } from '@renderer/components/data-table/ColumnsButton';
import { DataTable } from '@renderer/components/data-table/DataTable';
import { useColumnLayout } from '@renderer/lib/column-layouts';
import { showInApp, standInForLayout } from '../../../support/renderer/render';

// A list's Columns button and its headers' edges: which columns show, in what order, how wide and how
// tall the rows are, kept per list through window.api (columns.get / columns.set).

afterEach(() => {
  cleanup();
  delete (window as unknown as { api?: unknown }).api;
});

interface Row {
  id: string;
  email: string;
  amount: string;
  method: string;
}

const columns = [
  column<Row>('email', 'Email', (row) => row.email, { required: true }),
  column<Row>('amount', 'Amount', (row) => row.amount),
  column<Row>('method', 'Method', (row) => row.method)
];
const rows: Row[] = [{ id: 'd1', email: 'olivia@example.com', amount: '$250.00', method: 'USDT' }];

/** window.api keeping the layouts as the preferences file does; anything else answers UNAVAILABLE. */
function fakePrefs(stored: ColumnLayouts = {}) {
  let layouts: ColumnLayouts = { ...stored };
  const get = vi.fn(async () => ({ ok: true as const, value: layouts }));
  const set = vi.fn(async ({ list, layout }: { list: ColumnList; layout: ColumnLayout | null }) => {
    const { [list]: _previous, ...others } = layouts;
    layouts = layout ? { ...others, [list]: layout } : others;
    return { ok: true as const, value: layouts };
  });
  const unavailable = async () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'Not in this test.' } });
  (window as unknown as { api: unknown }).api = new Proxy(
    {},
    { get: (_target, namespace: string) => (namespace === 'columns' ? { get, set } : new Proxy({}, { get: () => unavailable })) }
  );
  return { get, set, layouts: () => layouts };
}

function Deposits() {
  const layout = useColumnLayout('deposits');
  return (
    <>
      <ColumnsButton columns={columns} layout={layout} what="deposits" />
      <DataTable caption="Deposits" columns={columns} rows={rows} getRowId={(row) => row.id} empty={null} layout={layout} />
    </>
  );
}

// While the dialog is open the page behind it is hidden from assistive technology: read it all the same.
const headers = () => screen.getAllByRole('columnheader', { hidden: true }).map((header) => header.textContent);
const density = () => screen.getByRole('table', { hidden: true }).getAttribute('data-density');

async function openColumns(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Columns' }));
  return screen.findByRole('dialog', { name: 'Columns of deposits' });
}

describe("a list's Columns button", () => {
  it('hides a column and says so; the column the row is known by cannot be hidden; the choice is kept for the list', async () => {
    standInForLayout();
    const prefs = fakePrefs();
    const user = userEvent.setup();
    showInApp(<Deposits />);
    await waitFor(() => expect(prefs.get).toHaveBeenCalled());
    expect(headers()).toEqual(['Email', 'Amount', 'Method']);

    const dialog = await openColumns(user);
    expect(within(dialog).getByRole('checkbox', { name: 'Email' })).toHaveProperty('disabled', true);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Method' }));

    expect(within(dialog).getByRole('status').textContent).toBe('Method hidden.');
    expect(headers()).toEqual(['Email', 'Amount']);
    await waitFor(() => expect(prefs.set).toHaveBeenLastCalledWith({ list: 'deposits', layout: { hidden: ['method'] } }));
  });

  it('moves a column, keeps the focus on its button, and announces where it went', async () => {
    standInForLayout();
    const prefs = fakePrefs();
    const user = userEvent.setup();
    showInApp(<Deposits />);
    const dialog = await openColumns(user);

    const down = within(dialog).getByRole('button', { name: 'Move Email down' });
    down.focus();
    await user.keyboard('{Enter}');

    expect(headers()).toEqual(['Amount', 'Email', 'Method']);
    expect(within(dialog).getByRole('status').textContent).toBe('Email moved to position 2 of 3.');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Move Email down' }));
    await waitFor(() => expect(prefs.layouts()).toEqual({ deposits: { order: ['amount', 'email', 'method'] } }));
  });

  it('makes the rows compact, and Reset to default puts columns, order and rows back in one click', async () => {
    standInForLayout();
    const prefs = fakePrefs({ deposits: { hidden: ['method'], order: ['amount', 'email', 'method'] } });
    const user = userEvent.setup();
    showInApp(<Deposits />);
    await waitFor(() => expect(headers()).toEqual(['Amount', 'Email']));
    const dialog = await openColumns(user);

    await user.click(within(dialog).getByRole('radio', { name: 'Compact' }));
    expect(density()).toBe('compact');
    await waitFor(() => expect(prefs.layouts().deposits?.density).toBe('compact'));

    await user.click(within(dialog).getByRole('button', { name: 'Reset to default' }));
    expect(headers()).toEqual(['Email', 'Amount', 'Method']);
    expect(density()).toBe('comfortable');
    expect(within(dialog).getByRole('status').textContent).toBe('The deposits show their own columns, widths and rows again.');
    await waitFor(() => expect(prefs.set).toHaveBeenLastCalledWith({ list: 'deposits', layout: null }));
    expect(prefs.layouts()).toEqual({});
  });
});

describe("a column header's edge", () => {
  it('resizes its column with the arrow keys, says the width, and the width is kept', async () => {
    standInForLayout();
    const prefs = fakePrefs({ deposits: { widths: { amount: 120 } } });
    const user = userEvent.setup();
    showInApp(<Deposits />);
    const edge = await screen.findByRole('separator', { name: 'Width of Amount' });
    await waitFor(() => expect(edge.getAttribute('aria-valuenow')).toBe('120'));
    expect(screen.getByRole('columnheader', { name: 'Amount' }).style.width).toBe('120px');

    edge.focus();
    await user.keyboard('{ArrowRight}');
    expect(edge.getAttribute('aria-valuenow')).toBe('136');
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(edge.getAttribute('aria-valuenow')).toBe('72');
    expect(screen.getByRole('columnheader', { name: 'Amount' }).style.width).toBe('72px');
    await waitFor(() => expect(prefs.layouts()).toEqual({ deposits: { widths: { amount: 72 } } }));

    // Never narrower than can be read.
    await user.keyboard('{Home}{ArrowLeft}');
    expect(edge.getAttribute('aria-valuenow')).toBe('48');
  });
});

describe('a list whose columns were chosen before', () => {
  it('opens with them after a restart (read through window.api), and a column added since shows in its place', async () => {
    standInForLayout();
    fakePrefs({ deposits: { hidden: ['amount'], order: ['method', 'email'] } });
    showInApp(<Deposits />);
    await waitFor(() => expect(headers()).toEqual(['Method', 'Email']));
    // The saved order does not name Amount (as with a column a later version adds): it follows Email, as by default.
    const user = userEvent.setup();
    const dialog = await openColumns(user);
    const boxes = within(dialog).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((box) => [box.labels?.[0]?.textContent, box.checked])).toEqual([
      ['Method', true],
      ['Email', true],
      ['Amount', false]
    ]);
  });
});
