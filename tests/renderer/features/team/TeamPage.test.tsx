// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TeamMember } from '@shared/contract';
import { TeamPage } from '@renderer/features/team/TeamPage';
import { setFormatPlace } from '@renderer/lib/format';
import { showInApp } from '../../../support/renderer/render';
import { administratorAs } from '../../../support/renderer/session';

// The Team screen (owners): every administrator with role, second factor, last sign-in and standing;
// Invite administrator, Change role and Disable, each one action (its operationId) through team.*.

beforeEach(() => setFormatPlace({ locale: 'en-US', timeZone: 'UTC' }));
afterEach(() => {
  cleanup();
  setFormatPlace(null);
  delete (window as unknown as { api?: unknown }).api;
});

const ok = <T,>(value: T) => ({ ok: true as const, value });
const refused = (code: string, message: string) => ({ ok: false as const, error: { code, message } });

const member = (over: Partial<TeamMember>): TeamMember => ({
  // The signed-in owner of renderer tests (tests/support/renderer/session.ts).
  uid: administratorAs('owner').uid,
  email: 'owner@ledgerdesk.test',
  role: 'owner',
  mfa: true,
  lastSignInAt: '2026-03-02T09:30:00.000Z',
  disabled: false,
  invitedAt: null,
  invitedBy: null,
  ...over
});

const team = [
  member({}),
  member({
    uid: 'u-rita',
    email: 'rita@ledgerdesk.test',
    role: 'support',
    mfa: false,
    lastSignInAt: null,
    invitedAt: '2026-03-01T08:00:00.000Z',
    invitedBy: 'owner@ledgerdesk.test'
  }),
  member({ uid: 'u-omar', email: 'omar@ledgerdesk.test', role: 'viewer', mfa: false, disabled: true })
];

type Answer = ReturnType<typeof ok> | ReturnType<typeof refused>;

/** window.api with team.*; anything else answers UNAVAILABLE. */
function fakeApi(members: TeamMember[], answers: { invite?: Answer; setRole?: Answer; disable?: Answer } = {}) {
  const changed = (message: string) => ok({ message, member: members[0]! });
  const calls = {
    list: vi.fn(async () => ok({ members })),
    invite: vi.fn(async (_input: object) => answers.invite ?? changed('Invitation sent.')),
    setRole: vi.fn(async (_input: object) => answers.setRole ?? changed('Role changed.')),
    disable: vi.fn(async (_input: object) => answers.disable ?? changed('Administrator disabled.'))
  };
  const unavailable = async () => refused('UNAVAILABLE', 'Not in this test.');
  (window as unknown as { api: unknown }).api = new Proxy(
    {},
    {
      get: (_target, namespace: string) =>
        namespace === 'on' ? () => () => undefined : namespace === 'team' ? calls : new Proxy({}, { get: () => unavailable })
    }
  );
  return calls;
}

const rowOf = (email: string) => screen.getByRole('rowheader', { name: new RegExp(email) }).closest('tr')!;

describe('the Team screen', () => {
  it('lists each administrator with role, MFA, last sign-in in the shown zone and standing', async () => {
    setFormatPlace({ locale: 'en-US', timeZone: 'Asia/Tokyo' });
    fakeApi(team);
    showInApp(<TeamPage />, '/team');
    await screen.findByText('rita@ledgerdesk.test');
    const owner = within(rowOf('owner@ledgerdesk.test'));
    expect(owner.getByText('Owner')).toBeTruthy();
    expect(owner.getByText('Yes')).toBeTruthy();
    // 09:30 UTC is 18:30 in Tokyo, the zone the desk shows.
    expect(owner.getByText('Mar 2, 2026, 6:30 PM', { exact: false })).toBeTruthy();
    expect(owner.getByText('Active')).toBeTruthy();
    // The signed-in owner may change their own role (the last owner is refused), never disable their own account.
    expect(owner.getByRole('button', { name: 'Change role of owner@ledgerdesk.test' })).toBeTruthy();
    expect(owner.queryByRole('button', { name: /Disable/ })).toBeNull();
    const rita = within(rowOf('rita@ledgerdesk.test'));
    expect(rita.getByText('Support')).toBeTruthy();
    expect(rita.getByText('No')).toBeTruthy();
    expect(rita.getByText('Never')).toBeTruthy();
    expect(rita.getByText('Invited (never signed in)')).toBeTruthy();
    expect(rita.getByText('by owner@ledgerdesk.test')).toBeTruthy();
    expect(rita.getByRole('button', { name: 'Disable rita@ledgerdesk.test' })).toBeTruthy();
    const omar = within(rowOf('omar@ledgerdesk.test'));
    expect(omar.getByText('Disabled')).toBeTruthy();
    // A disabled account has nothing left to change here.
    expect(omar.queryByRole('button')).toBeNull();
  });

  it('says when the team cannot be read, and when nobody is listed', async () => {
    const calls = fakeApi([]);
    calls.list.mockResolvedValueOnce(refused('FORBIDDEN', 'Your role (Admin) may not change the team. Ask an owner.') as never);
    showInApp(<TeamPage />, '/team');
    expect(await screen.findByText('Your role (Admin) may not change the team. Ask an owner.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: /Retry|Try again/ }));
    expect(await screen.findByText('No administrators listed')).toBeTruthy();
  });

  it('invites with the typed e-mail and the chosen role, each role described, and says a sign-in link is e-mailed', async () => {
    const calls = fakeApi(team);
    const user = userEvent.setup();
    showInApp(<TeamPage />, '/team');
    await screen.findByText('rita@ledgerdesk.test');
    await user.click(screen.getByRole('button', { name: 'Invite administrator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite administrator' });
    expect(dialog.textContent).toContain('link to sign in');
    expect(dialog.textContent).toContain('Customers, KYC, notes, suspension and mail. No money decision, no adjustment.');
    await user.type(within(dialog).getByLabelText('E-mail address'), 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Enter an e-mail address, like name@example.com.')).toBeTruthy();
    expect(calls.invite).not.toHaveBeenCalled();
    await user.clear(within(dialog).getByLabelText('E-mail address'));
    await user.type(within(dialog).getByLabelText('E-mail address'), 'Dana@Example.com');
    await user.click(within(dialog).getByRole('radio', { name: /Admin/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite administrator' })).toBeNull());
    expect(calls.invite).toHaveBeenCalledTimes(1);
    expect(calls.invite.mock.calls[0]![0]).toEqual({ email: 'dana@example.com', role: 'admin', operationId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    // The list is read again after the change.
    await waitFor(() => expect(calls.list).toHaveBeenCalledTimes(2));
  });

  it("shows the refusal of a change (the last owner) in the dialog, in the main process's words", async () => {
    const lastOwner = 'The team must keep at least one owner: make another administrator owner first.';
    const calls = fakeApi(team, { setRole: refused('CONFLICT', lastOwner) });
    const user = userEvent.setup();
    showInApp(<TeamPage />, '/team');
    await screen.findByText('rita@ledgerdesk.test');
    await user.click(within(rowOf('owner@ledgerdesk.test')).getByRole('button', { name: 'Change role of owner@ledgerdesk.test' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Change the role of owner@ledgerdesk.test?' });
    await user.click(within(dialog).getByRole('radio', { name: /Viewer/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Make Viewer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(lastOwner);
    expect(calls.setRole.mock.calls[0]![0]).toMatchObject({ uid: administratorAs('owner').uid, role: 'viewer' });
  });

  it('asks before disabling, naming what it does, and disables only once confirmed', async () => {
    const calls = fakeApi(team);
    const user = userEvent.setup();
    showInApp(<TeamPage />, '/team');
    await screen.findByText('rita@ledgerdesk.test');
    await user.click(within(rowOf('rita@ledgerdesk.test')).getByRole('button', { name: 'Disable rita@ledgerdesk.test' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disable rita@ledgerdesk.test?' });
    expect(dialog.textContent).toContain('Every session of theirs ends now');
    expect(dialog.textContent).toContain('can no longer sign in');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.disable).not.toHaveBeenCalled();
    await user.click(within(rowOf('rita@ledgerdesk.test')).getByRole('button', { name: 'Disable rita@ledgerdesk.test' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Disable administrator' }));
    await waitFor(() => expect(calls.disable).toHaveBeenCalledTimes(1));
    expect(calls.disable.mock.calls[0]![0]).toEqual({ uid: 'u-rita', operationId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });
});
