// @vitest-environment jsdom
import { defaultPlatformSettings } from '@shared/domain/platformSettings';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Note, Output, ReconciliationRun, ReferralRow, StatusPreview, CustomerProfile } from '@shared/contract';
import { DueInvestments } from '@renderer/features/investments/due/DueInvestments';
import { ReconciliationPage } from '@renderer/features/reconciliation/ReconciliationPage';
import { ReferralsPage } from '@renderer/features/referrals/ReferralsPage';
import { ReferralsTab } from '@renderer/features/customer-page/tabs/RecordTabs';
import { showInApp } from '../../../support/renderer/render';
import { investmentRow } from '../../../support/renderer/rows';
import { emptyTotals } from '@shared/domain/reconciliation';

// docs/product-rules.md §6.9 (a suspended customer is marked in every list) and §6.8 (the latest
// note beside every decision), on the screens that name customers outside the money lists.

afterEach(() => {
  cleanup();
  delete (window as unknown as { api?: unknown }).api;
});

const ok = <T,>(value: T) => ({ ok: true as const, value });
const page = <T,>(rows: T[]) => ok({ rows, nextCursor: null, total: rows.length, unlisted: 0 });

/** Sam (u-sam) and Rita (rita@example.com) are suspended; Olivia and Carl are not. */
const SUSPENDED = { ids: new Set(['u-sam']), emails: new Set(['rita@example.com']) };

/**
 * window.api with the methods a test gives, users.suspendedAmong answering as the platform would
 * (only the suspended among those asked); any other method answers UNAVAILABLE and `on` subscribes
 * to nothing, so a screen's side calls stay quiet.
 */
function fakeApi(methods: Record<string, Record<string, (input: never) => unknown>>) {
  const suspendedAmong = vi.fn(async ({ ids = [], emails = [] }: { ids?: string[]; emails?: string[] }) =>
    ok({ ids: ids.filter((id) => SUSPENDED.ids.has(id)), emails: emails.filter((email) => SUSPENDED.emails.has(email)) })
  );
  const all: Record<string, Record<string, unknown>> = { ...methods, users: { suspendedAmong, ...methods.users } };
  const unavailable = async () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'Not in this test.' } });
  (window as unknown as { api: unknown }).api = new Proxy(
    {},
    {
      get: (_target, namespace: string) =>
        namespace === 'on' ? () => () => undefined : new Proxy({}, { get: (_t, method: string) => all[namespace]?.[method] ?? unavailable })
    }
  );
  return { suspendedAmong };
}

const show = showInApp;

/** The table cell holding a customer's link. */
const cellOf = (link: string) => screen.getByRole('link', { name: link }).closest('td')!;
const marked = (link: string) => within(cellOf(link)).queryByText('Suspended') !== null;

const investment = (id: string, userId: string, email: string) => investmentRow({ id, userId, email });

const payoutPreview: StatusPreview = {
  allowed: true,
  refusal: null,
  effects: [{ label: 'Balance of sam@example.com', before: 0, after: 110 }],
  activation: null,
  emails: [],
  notes: [],
  overrides: [],
  version: 'v1'
};

const settings = (pays: boolean): Output<'platformSettings.get'> => ({ ...defaultPlatformSettings, paysMaturedInvestments: pays });

function dueApi(pays: boolean, notes: Record<string, Note | null> = {}) {
  const latestNote = vi.fn(async ({ id }: { id: string }) => ok({ note: notes[id] ?? null }));
  const api = fakeApi({
    platformSettings: { get: async () => ok(settings(pays)) },
    investments: {
      due: async () => page([investment('i1', 'u-sam', 'sam@example.com'), investment('i2', 'u-olivia', 'olivia@example.com')]),
      payoutPreview: async () => ok(payoutPreview)
    },
    users: { latestNote }
  });
  return { ...api, latestNote };
}

describe("the Investments screen's Due tab", () => {
  it('marks the suspended customer, and only them', async () => {
    const { suspendedAmong } = dueApi(false);
    show(<DueInvestments />, '/investments?tab=due');
    // The first render of a file also loads its modules: slow on a busy machine.
    await screen.findByRole('link', { name: 'sam@example.com' }, { timeout: 5000 });
    await waitFor(() => expect(marked('sam@example.com')).toBe(true));
    expect(marked('olivia@example.com')).toBe(false);
    expect(suspendedAmong).toHaveBeenCalledWith({ ids: ['u-olivia', 'u-sam'], emails: [] });
  });

  it("shows the customer's latest note in the payout decision", async () => {
    const note: Note = {
      id: 'n1',
      text: 'Asked twice about an early payout; check the wallet first.',
      at: '2024-02-01T10:00:00.000Z',
      adminEmail: 'ana@ledger.test'
    };
    const { latestNote } = dueApi(true, { 'u-sam': note });
    show(<DueInvestments />, '/investments?tab=due');
    fireEvent.click(await screen.findByRole('button', { name: 'Pay out the investment of sam@example.com' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Pay out this investment?' });
    const shown = await within(dialog).findByRole('region', { name: 'Latest note on the customer' });
    expect(await within(shown).findByText(note.text)).toBeTruthy();
    expect(within(shown).getByText(/ana@ledger\.test/)).toBeTruthy();
    expect(latestNote).toHaveBeenCalledWith({ id: 'u-sam' });
  });
});

const referral = (id: string, referrerName: string, referrerUserId: string, clientEmail: string): ReferralRow => ({
  id,
  referrerName,
  referrerUserId,
  clientName: clientEmail.split('@')[0]!,
  clientEmail,
  clientStatus: 'Active',
  timestamp: '2024-03-01T00:00:00.000Z'
});

describe('the Referrals screen', () => {
  it('marks a suspended referrer (by their document) and a suspended client (by the e-mail the referral stores)', async () => {
    const { suspendedAmong } = fakeApi({
      referrals: {
        list: async () => page([referral('r1', 'Sam Stone', 'u-sam', 'carl@example.com'), referral('r2', 'Olivia Okafor', 'u-olivia', 'rita@example.com')])
      }
    });
    show(<ReferralsPage />, '/referrals');
    await screen.findByRole('link', { name: 'Sam Stone' }, { timeout: 5000 });
    await waitFor(() => expect(marked('Sam Stone')).toBe(true));
    expect(marked('rita@example.com')).toBe(true);
    expect(marked('Olivia Okafor')).toBe(false);
    expect(marked('carl@example.com')).toBe(false);
    expect(suspendedAmong).toHaveBeenCalledWith({ ids: ['u-olivia', 'u-sam'], emails: ['carl@example.com', 'rita@example.com'] });
  });
});

describe("a customer's Referrals tab", () => {
  it('marks a suspended client', async () => {
    const { suspendedAmong } = fakeApi({
      referrals: {
        list: async () =>
          page([referral('r1', 'Olivia Okafor', 'u-olivia', 'rita@example.com'), referral('r2', 'Olivia Okafor', 'u-olivia', 'carl@example.com')])
      }
    });
    const olivia = { id: 'u-olivia', fullname: 'Olivia Okafor', email: 'olivia@example.com', referralCode: 'OLI' } as CustomerProfile;
    show(<ReferralsTab profile={olivia} />, '/users/u-olivia?tab=referrals');
    await screen.findByRole('link', { name: 'rita@example.com' }, { timeout: 5000 });
    await waitFor(() => expect(marked('rita@example.com')).toBe(true));
    expect(marked('carl@example.com')).toBe(false);
    expect(suspendedAmong).toHaveBeenCalledWith({ ids: [], emails: ['carl@example.com', 'rita@example.com'] });
  });
});

describe("the Reconciliation screen's drifted customers", () => {
  it('marks a suspended customer', async () => {
    const run: ReconciliationRun = {
      id: 'run1',
      state: 'finished',
      by: 'desktop',
      startedAt: '2024-03-01T00:00:00.000Z',
      finishedAt: '2024-03-01T00:05:00.000Z',
      stoppedAt: null,
      heartbeatAt: null,
      total: 2,
      totals: { ...emptyTotals(), customers: 2, drifted: 2, reads: 4 },
      startedBy: null,
      error: null
    };
    const drifted = (userId: string, fullname: string) => ({ userId, fullname, email: `${userId}@example.com`, figures: [] });
    fakeApi({
      reconciliation: {
        runs: async () => page([run]),
        drifted: async () => page([drifted('u-sam', 'Sam Stone'), drifted('u-olivia', 'Olivia Okafor')])
      }
    });
    show(<ReconciliationPage />, '/reconciliation');
    await screen.findByRole('link', { name: 'Sam Stone' }, { timeout: 5000 });
    await waitFor(() => expect(marked('Sam Stone')).toBe(true));
    expect(marked('Olivia Okafor')).toBe(false);
  });
});
