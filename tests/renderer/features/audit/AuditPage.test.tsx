// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditRow } from '@shared/contract';
import { AuditPage } from '@renderer/features/audit/AuditPage';
import { showInApp, standInForLayout } from '../../../support/renderer/render';

// The Audit screen's Activity tab filtered by the administrator who made each change, kept in the
// address like its kind filter.

beforeEach(standInForLayout);
afterEach(() => {
  cleanup();
  delete (window as unknown as { api?: unknown }).api;
});

const entry = (id: string, adminUid: string, adminEmail: string | null, summary: string): AuditRow => ({
  id,
  at: '2026-03-02T08:00:00.000Z',
  kind: 'deposit',
  action: 'deposit.status',
  entityPath: `deposits/${id}`,
  summary,
  before: {},
  after: {},
  notes: [],
  reason: null,
  warnings: [],
  overrideReason: null,
  access: null,
  adminUid,
  adminEmail
});

const log = [
  entry('d1', 'uid-ana', 'ana@acme.example', 'Deposit d1 approved'),
  entry('d2', 'uid-bo', 'bo@acme.example', 'Deposit d2 failed'),
  entry('d3', 'uid-ana', 'ana@acme.example', 'Deposit d3 approved')
];

/** window.api with audit.list over the log above, filtered by administrator as Firestore would; anything else answers UNAVAILABLE. */
function fakeApi() {
  const list = vi.fn(async (input: { adminUid?: string }) => {
    const rows = log.filter((row) => !input.adminUid || row.adminUid === input.adminUid);
    return { ok: true as const, value: { rows, nextCursor: null, total: rows.length, unlisted: null } };
  });
  const unavailable = async () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'Not in this test.' } });
  (window as unknown as { api: unknown }).api = new Proxy(
    {},
    {
      get: (_t, namespace: string) =>
        namespace === 'on' ? () => () => undefined : namespace === 'audit' ? { list } : new Proxy({}, { get: () => unavailable })
    }
  );
  return { list };
}

function Address() {
  const { search } = useLocation();
  return <output aria-label="address">{search}</output>;
}

const show = (url: string) =>
  showInApp(
    <Routes>
      <Route
        path="/audit"
        element={
          <>
            <AuditPage />
            <Address />
          </>
        }
      />
    </Routes>,
    url
  );

const summaries = async () => {
  const table = await screen.findByRole('table', { name: /^Activity/ });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent ?? '')
    .map((text) => /Deposit d\d \w+/.exec(text)?.[0]);
};

describe('the Audit screen’s Administrator filter', () => {
  it('offers the administrators the loaded entries name, by e-mail, and keeps the one chosen in the address', async () => {
    const api = fakeApi();
    show('/audit?kind=deposit');
    await waitFor(async () => expect(await summaries()).toEqual(['Deposit d1 approved', 'Deposit d2 failed', 'Deposit d3 approved']), { timeout: 5000 });
    const filter = screen.getByLabelText('Administrator');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent)
    ).toEqual(['All administrators', 'ana@acme.example', 'bo@acme.example']);

    await userEvent.selectOptions(filter, 'uid-bo');
    await waitFor(async () => expect(await summaries()).toEqual(['Deposit d2 failed']));
    expect(api.list).toHaveBeenLastCalledWith(expect.objectContaining({ kind: 'deposit', adminUid: 'uid-bo' }));
    expect(screen.getByLabelText('address').textContent).toBe('?kind=deposit&admin=uid-bo');
    expect(screen.getByRole('table', { name: 'Activity: Deposits by bo@acme.example, newest first' })).toBeTruthy();
    // The others stay offered while one is chosen.
    expect(within(filter).getAllByRole('option')).toHaveLength(3);

    await userEvent.selectOptions(filter, 'All administrators');
    await waitFor(async () => expect(await summaries()).toHaveLength(3));
    expect(screen.getByLabelText('address').textContent).toBe('?kind=deposit');
  });

  it('opens a linked address on that administrator’s entries, shown by e-mail once they load', async () => {
    const api = fakeApi();
    show('/audit?admin=uid-ana');
    await waitFor(async () => expect(await summaries()).toEqual(['Deposit d1 approved', 'Deposit d3 approved']));
    expect(api.list).toHaveBeenCalledWith(expect.objectContaining({ adminUid: 'uid-ana' }));
    expect(api.list).not.toHaveBeenCalledWith(expect.not.objectContaining({ adminUid: 'uid-ana' }));
    const filter = screen.getByLabelText('Administrator');
    expect(filter).toHaveProperty('value', 'uid-ana');
    await waitFor(() => expect(within(filter).getByRole('option', { selected: true }).textContent).toBe('ana@acme.example'));
  });
});
