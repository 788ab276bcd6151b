// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CustomerProfile, Kyc } from '@shared/contract';
import { ProfileHeader } from '@renderer/features/customer-page/components/ProfileHeader';
import { NotesTab } from '@renderer/features/customer-page/tabs/NotesTab';
import { KycDialog } from '@renderer/modules/customers/KycDialog';
import { showInApp, standInForLayout } from '../../../support/renderer/render';
import { signInAs } from '../../../support/renderer/session';

// A customer's page offers each role what it may do: support (customer care) verifies, decides KYC,
// writes notes, e-mails and suspends, but is offered no Manage (an adjustment) and no Delete (money
// decisions); a viewer reads the page, the notes and the KYC documents and is offered none of them.

afterEach(() => {
  cleanup();
  signInAs('owner');
  delete (window as unknown as { api?: unknown }).api;
});

const ok = <T,>(value: T) => ({ ok: true as const, value });

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
  verified: false,
  hasKyc: true,
  kycStatus: 'pending',
  kycExpiryDate: null,
  suspended: false,
  timestamp: '2026-01-01T00:00:00.000Z',
  suspension: null,
  referralCode: 'REFDANA',
  referredBy: null
};

const kyc: Kyc = {
  fullName: 'Dana Depositor',
  idType: 'passport',
  idNumber: 'X123',
  country: 'PT',
  address: 'Rua 1',
  status: 'pending',
  idFrontURL: null,
  idBackURL: null,
  selfieURL: null,
  dob: null,
  expiryDate: null
};

/** window.api with the customer's notes, latest note and KYC; anything else answers UNAVAILABLE. */
function fakeApi() {
  const users = {
    notes: async () =>
      ok({
        rows: [{ id: 'n1', text: 'Called about a transfer.', at: '2026-02-01T10:00:00.000Z', adminEmail: 'ana@ledger.test' }],
        nextCursor: null,
        total: 1,
        unlisted: 0
      }),
    latestNote: async () => ok({ note: null }),
    kyc: async () => ok(kyc)
  };
  const unavailable = async () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'Not in this test.' } });
  (window as unknown as { api: unknown }).api = new Proxy(
    {},
    {
      get: (_target, namespace: string) =>
        namespace === 'on'
          ? () => () => undefined
          : namespace === 'users'
            ? new Proxy(users, { get: (known, leaf: string) => (known as Record<string, unknown>)[leaf] ?? unavailable })
            : new Proxy({}, { get: () => unavailable })
    }
  );
}

function showPage() {
  fakeApi();
  showInApp(
    <>
      <ProfileHeader profile={dana} onAction={() => undefined} />
      <NotesTab profile={dana} />
    </>,
    '/users/dana'
  );
}

/** View KYC's dialog, drawn alone: a modal hides the page behind it from assistive technology. */
async function showKyc() {
  cleanup();
  fakeApi();
  standInForLayout();
  showInApp(<KycDialog user={dana} onClose={() => undefined} />, '/users/dana');
  const dialog = await screen.findByRole('dialog', { name: /KYC/ });
  await within(dialog).findByText('X123');
  return within(dialog);
}

const actions = () => within(screen.getByRole('group', { name: 'Customer actions' }));

describe("a customer's page, by role", () => {
  it('offers support the verification, KYC decision, notes, e-mail and suspension, but no Manage and no Delete', async () => {
    signInAs('support');
    showPage();
    expect(actions().getByRole('button', { name: /Verify/ })).toBeTruthy();
    expect(actions().getByRole('button', { name: /Suspend/ })).toBeTruthy();
    expect(actions().getByRole('link', { name: /Send e-mail/ })).toBeTruthy();
    expect(actions().getByRole('button', { name: /View KYC/ })).toBeTruthy();
    expect(actions().queryByRole('button', { name: /Manage/ })).toBeNull();
    expect(actions().queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add note' })).toBeTruthy();
    const kycDialog = await showKyc();
    expect(kycDialog.getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(kycDialog.getByRole('button', { name: 'Reject' })).toBeTruthy();
  });

  it('shows a viewer the page, the notes and the KYC documents, and offers no change at all', async () => {
    signInAs('viewer');
    showPage();
    expect(actions().getByRole('button', { name: /View KYC/ })).toBeTruthy();
    for (const name of [/Verify/, /Suspend/, /Manage/, /Delete/]) expect(actions().queryByRole('button', { name }), String(name)).toBeNull();
    expect(actions().queryByRole('link', { name: /Send e-mail/ })).toBeNull();
    expect(await screen.findByText('Called about a transfer.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add note' })).toBeNull();
    const kycDialog = await showKyc();
    expect(kycDialog.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(kycDialog.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('offers an admin Manage and Delete beside the rest', () => {
    signInAs('admin');
    showPage();
    expect(actions().getByRole('button', { name: /Manage/ })).toBeTruthy();
    expect(actions().getByRole('button', { name: /Delete/ })).toBeTruthy();
  });
});
