// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerProfile } from '@shared/contract';
import type { JournalEntry, Statement } from '@shared/schemas/journal';
import { JournalTab } from '@renderer/features/customer-page/tabs/JournalTab';
import { setFormatPlace } from '@renderer/lib/format';
import { showInApp, standInForLayout } from '../../../../support/renderer/render';

// The customer page's Journal tab: every change to the customer's money as the platform's functions
// journaled it, the filter to the changes made outside Ledgerdesk, and the statement with its exports.

beforeEach(() => {
  standInForLayout();
  setFormatPlace({ locale: 'en-US', timeZone: 'Europe/Paris' });
});
afterEach(() => {
  cleanup();
  setFormatPlace(null);
  delete (window as unknown as { api?: unknown }).api;
});

const ok = <T,>(value: T) => ({ ok: true as const, value });
const amount = (value: number | null, unreadable: string | null = null) => ({ amount: value, unreadable });

const dana: CustomerProfile = {
  id: 'dana',
  fullname: 'Dana Depositor',
  email: 'dana@example.com',
  balance: 100,
  Totaldeposit: 130.1,
  Totalwithdrawal: 0,
  totalearnings: 0,
  TotalBonus: 5,
  withdrawalLimit: null,
  withdrawalFeePercentage: null,
  verified: true,
  hasKyc: false,
  kycStatus: null,
  kycExpiryDate: null,
  suspended: false,
  timestamp: '2026-01-01T00:00:00.000Z',
  suspension: null,
  referralCode: 'REFDANA',
  referredBy: null
};

const byLedgerdesk: JournalEntry = {
  id: 'e2',
  at: '2026-03-02T08:00:00.000Z',
  kind: 'updated',
  changes: [
    { field: 'balance', before: amount(120), after: amount(95.5), change: -24.5 },
    { field: 'Totalwithdrawal', before: amount(0), after: amount(24.5), change: 24.5 }
  ],
  balance: amount(95.5),
  writer: { kind: 'administrator', id: 'admin-uid' },
  auditId: '6f1c2b7e-0d3a-4c55-9e2a-1b2c3d4e5f60',
  outside: false
};
const outside: JournalEntry = {
  id: 'e3',
  at: '2026-03-15T08:00:00.000Z',
  kind: 'updated',
  changes: [{ field: 'balance', before: amount(95.5), after: amount(100), change: 4.5 }],
  balance: amount(100),
  writer: { kind: 'serviceAccount', id: 'firebase-adminsdk@acme.iam.gserviceaccount.com' },
  auditId: null,
  outside: true
};
const unreadable: JournalEntry = {
  id: 'e1',
  at: '2026-02-01T08:00:00.000Z',
  kind: 'updated',
  changes: [{ field: 'TotalBonus', before: amount(5), after: amount(null, '5,00'), change: null }],
  balance: amount(120),
  writer: { kind: 'customer', id: 'dana' },
  auditId: null,
  outside: true
};

const march: Statement = {
  id: 'dana',
  from: '2026-03-01T00:00:00.000+01:00',
  to: '2026-03-31T23:59:59.999+02:00',
  journalSince: '2026-01-10T08:00:00.000Z',
  complete: true,
  opening: amount(120),
  movements: [
    {
      id: 'e2',
      at: byLedgerdesk.at!,
      before: amount(120),
      running: amount(95.5),
      change: -24.5,
      writer: byLedgerdesk.writer,
      auditId: byLedgerdesk.auditId,
      outside: false,
      gap: false
    },
    { id: 'e3', at: outside.at!, before: amount(95.5), running: amount(100), change: 4.5, writer: outside.writer, auditId: null, outside: true, gap: false }
  ],
  closing: amount(100)
};

type Answer = { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } };

/** window.api with the journal, the statement and the file saving the tab uses; anything else answers UNAVAILABLE. */
function fakeApi({
  pages = [[byLedgerdesk, outside, unreadable]],
  statement = ok(march) as Answer,
  transport = 'browser'
}: { pages?: JournalEntry[][]; statement?: Answer; transport?: 'browser' | 'electron' } = {}) {
  const journal = vi.fn(async (input: { cursor?: string; outsideOnly?: boolean }): Promise<Answer> => {
    const rows = pages.flat();
    if (input.outsideOnly) {
      const kept = rows.filter((row) => row.outside);
      return ok({ rows: kept, nextCursor: null, total: kept.length, unlisted: null });
    }
    const at = input.cursor ? Number(input.cursor) : 0;
    return ok({ rows: pages[at] ?? [], nextCursor: at + 1 < pages.length ? String(at + 1) : null, total: input.cursor ? null : rows.length, unlisted: null });
  });
  const statementCall = vi.fn(async () => statement);
  const savePdf = vi.fn(async () => ok({ path: '/home/ana/statement.pdf' }));
  const saveCsv = vi.fn(async (_input: { suggestedName: string; content: string }) => ok({ path: '/home/ana/statement.csv' }));
  const info = vi.fn(async () => ok({ transport }));
  const unavailable = async () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'Not in this test.' } });
  const namespaces: Record<string, Record<string, unknown>> = {
    users: { journal, statement: statementCall },
    files: { savePdf, saveCsv },
    app: { info }
  };
  (window as unknown as { api: unknown }).api = new Proxy(
    {},
    {
      get: (_target, namespace: string) =>
        namespace === 'on' ? () => () => undefined : new Proxy(namespaces[namespace] ?? {}, { get: (methods, name: string) => methods[name] ?? unavailable })
    }
  );
  return { journal, statement: statementCall, savePdf, saveCsv };
}

const show = (url = '/users/dana?tab=journal') =>
  showInApp(
    <Routes>
      <Route path="/users/:id" element={<JournalTab profile={dana} />} />
    </Routes>,
    url
  );

/** A row's cells, named by their column headers. */
async function rowsOf() {
  const table = await screen.findByRole('table', { name: "Changes to Dana's money, newest first" }, { timeout: 5000 });
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
  await within(table).findAllByRole('cell');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const cells = within(row).getAllByRole('cell');
      return (header: string) => cells[headers.indexOf(header)]!.textContent?.replace(/\s/g, ' ');
    });
}

describe('the Journal tab', () => {
  it('shows each change: time, figures before and after, the signed change, the running balance, who made it and where', async () => {
    fakeApi();
    show();
    const [first, second, third] = await rowsOf();
    expect(first!('Time')).toBe('Mar 2, 2026, 9:00 AM Europe/Paris');
    expect(first!('Figure: before → after')).toBe('Balance $120.00 → $95.50Total Withdrawal $0.00 → $24.50');
    expect(first!('Change')).toBe('-$24.50+$24.50');
    expect(first!('Running balance')).toBe('$95.50');
    expect(first!('Made by')).toBe('Administrator (admin-uid)');
    expect(first!('Source')).toBe('Audit entry 6f1c2b7e');
    expect(second!('Made by')).toBe('Service account firebase-adminsdk@acme.iam.gserviceaccount.com');
    expect(second!('Source')).toBe('Outside Ledgerdesk');
    expect(second!('Change')).toBe('+$4.50');
    // An amount that is not a number is shown as stored, never as 0, and its change cannot be told.
    expect(third!('Figure: before → after')).toBe('Total Bonus $5.00 → 5,00not a number');
    expect(third!('Change')).toBe('—');
    expect(third!('Made by')).toBe('The customer');
  });

  it('names the administrator of a change Ledgerdesk made by the e-mail its audit entry gives, their uid beside it', async () => {
    fakeApi({ pages: [[{ ...byLedgerdesk, writer: { kind: 'administrator', id: 'admin-uid', email: 'ops@acme.example' } }]] });
    show();
    const [first] = await rowsOf();
    expect(first!('Made by')).toBe('Administrator (ops@acme.example)');
    expect(screen.getByText('Administrator (ops@acme.example)').getAttribute('title')).toBe('uid admin-uid');
  });

  it('loads more changes from where the page ended', async () => {
    const api = fakeApi({ pages: [[byLedgerdesk], [outside]] });
    show();
    await rowsOf();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Load More Changes' }));
    await waitFor(() => expect(api.journal).toHaveBeenLastCalledWith({ id: 'dana', cursor: '1' }));
    expect(await rowsOf()).toHaveLength(2);
  });

  it('keeps only the changes made outside Ledgerdesk, the filter kept in the address', async () => {
    const api = fakeApi({ pages: [[byLedgerdesk]] });
    show();
    await rowsOf();
    await userEvent.setup().click(screen.getByRole('switch', { name: 'Only changes outside Ledgerdesk' }));
    expect(await screen.findByRole('heading', { name: "No change to Dana's money was made outside Ledgerdesk." })).toBeTruthy();
    expect(api.journal).toHaveBeenLastCalledWith({ id: 'dana', outsideOnly: true });
  });

  it('says when nothing is journaled yet, and when the journal cannot be read', async () => {
    fakeApi({ pages: [[]] });
    show();
    expect(await screen.findByRole('heading', { name: "No change to Dana's money is journaled yet." }, { timeout: 5000 })).toBeTruthy();
    cleanup();
    const api = fakeApi();
    api.journal.mockResolvedValue({ ok: false, error: { code: 'UNAVAILABLE', message: 'Firestore did not answer.' } });
    show();
    expect(await screen.findByText("Couldn't load the journal", {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Firestore did not answer.')).toBeTruthy();
  });
});

describe('the statement', () => {
  async function openStatement(from: string, to: string) {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Statement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Statement for Dana Depositor' });
    const first = within(dialog).getByLabelText('First day');
    const last = within(dialog).getByLabelText('Last day');
    await user.clear(first);
    await user.type(first, from);
    await user.clear(last);
    await user.type(last, to);
    await user.click(within(dialog).getByRole('button', { name: 'Show statement' }));
    return user;
  }

  it('asks for the period of the administrator’s calendar and shows opening, each movement with its running balance, and closing', async () => {
    const api = fakeApi();
    show();
    await openStatement('2026-03-01', '2026-03-31');
    const statement = await screen.findByRole('article', { name: 'Statement' });
    // Paris: winter time on the 1st, summer time by the 31st.
    expect(api.statement).toHaveBeenCalledWith({ id: 'dana', from: '2026-03-01T00:00:00.000+01:00', to: '2026-03-31T23:59:59.999+02:00' });
    const lines = within(statement)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1, 4)
          .map((cell) => cell.textContent)
      );
    expect(lines).toEqual([
      ['Opening balance', '', '$120.00'],
      ['Movement', '-$24.50', '$95.50'],
      ['Movement', '+$4.50', '$100.00'],
      ['Closing balance', '', '$100.00']
    ]);
    expect(within(statement).queryByRole('status')).toBeNull();
  });

  it('says from when the journal exists when the period begins before it', async () => {
    fakeApi({ statement: ok({ ...march, complete: false, journalSince: '2026-03-10T08:00:00.000Z', opening: amount(95.5) }) });
    show();
    await openStatement('2026-03-01', '2026-03-31');
    const statement = await screen.findByRole('article', { name: 'Statement' });
    expect(within(statement).getByRole('status').textContent?.replace(/\s/g, ' ')).toBe(
      'The journal of this customer begins on Mar 10, 2026, 9:00 AM Europe/Paris. Figures before then are not covered: the opening balance is the one the journal found then.'
    );
  });

  it('refuses a first day after the last, and shows the sentence of a period past the cap', async () => {
    fakeApi({
      statement: {
        ok: false,
        error: { code: 'VALIDATION', message: 'This period holds more than 5,000 balance movements, the most one statement shows. Choose a shorter period.' }
      }
    });
    show();
    const user = await openStatement('2026-03-31', '2026-03-01');
    const dialog = screen.getByRole('dialog');
    expect(await screen.findByText('The first day must not come after the last day.')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('First day'));
    await user.type(within(dialog).getByLabelText('First day'), '2020-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Show statement' }));
    expect(await screen.findByText(/more than 5,000 balance movements/)).toBeTruthy();
  });

  it('prints the statement alone in browser mode, and saves a PDF through the desktop app', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    fakeApi();
    show();
    let user = await openStatement('2026-03-01', '2026-03-31');
    await user.click(await screen.findByRole('button', { name: 'Print / PDF' }));
    expect(print).toHaveBeenCalledOnce();
    // The copy that prints: alone under the page's body, marked for the print stylesheet.
    const copy = document.body.querySelector(':scope > [data-print-alone]');
    expect(copy?.textContent).toContain('Statement of account');
    cleanup();

    const desktop = fakeApi({ transport: 'electron' });
    show();
    user = await openStatement('2026-03-01', '2026-03-31');
    await user.click(await screen.findByRole('button', { name: 'Export PDF' }));
    await waitFor(() => expect(desktop.savePdf).toHaveBeenCalledWith({ suggestedName: 'statement-Dana-Depositor-2026-03-01-to-2026-03-31.pdf' }));
    expect(print).toHaveBeenCalledOnce();
    print.mockRestore();
  });

  it('exports the statement as CSV: opening, each movement with who made it and where, closing', async () => {
    const api = fakeApi({ transport: 'electron' });
    show();
    const user = await openStatement('2026-03-01', '2026-03-31');
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(api.saveCsv).toHaveBeenCalledOnce());
    const { suggestedName, content } = api.saveCsv.mock.calls[0]![0];
    expect(suggestedName).toBe('statement-Dana-Depositor-2026-03-01-to-2026-03-31.csv');
    expect(content.replace('\ufeff', '').split('\r\n')).toEqual([
      // Times in the zone the screens show (Paris: summer time from the 29th), which the header names.
      'Line,Time (Europe/Paris),Change,Balance,Made by,Source,Note,Journal entry',
      'Opening balance,2026-03-01T00:00:00.000+01:00,,120,,,,',
      `Movement,2026-03-02T09:00:00.000+01:00,-24.5,95.5,Administrator (admin-uid),"Ledgerdesk, audit entry ${byLedgerdesk.auditId}",,e2`,
      'Movement,2026-03-15T09:00:00.000+01:00,4.5,100,Service account firebase-adminsdk@acme.iam.gserviceaccount.com,Outside Ledgerdesk,,e3',
      'Closing balance,2026-03-31T23:59:59.999+02:00,,100,,,,'
    ]);
  });
});
