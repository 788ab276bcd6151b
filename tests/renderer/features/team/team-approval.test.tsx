// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TeamMember } from '@shared/contract';
import { TeamPage } from '@renderer/features/team/TeamPage';
import { showInApp } from '../../../support/renderer/render';
import { administratorAs } from '../../../support/renderer/session';

// A team change under the approval policy (docs/product-rules.md §15.6, teamChanges) is sent for
// approval: the Team screen says nothing was done yet and links the Approvals screen.

afterEach(() => {
  cleanup();
  delete (window as unknown as { api?: unknown }).api;
});

const ok = <T,>(value: T) => ({ ok: true as const, value });
const owner: TeamMember = {
  uid: administratorAs('owner').uid,
  email: 'owner@ledgerdesk.test',
  role: 'owner',
  mfa: true,
  lastSignInAt: null,
  disabled: false,
  invitedAt: null,
  invitedBy: null
};
const rita: TeamMember = { ...owner, uid: 'u-rita', email: 'rita@ledgerdesk.test', role: 'support', mfa: false };

function fakeApi(answer: Record<string, unknown>) {
  const calls = {
    list: vi.fn(async () => ok({ members: [owner, rita] })),
    setRole: vi.fn(async (_input: object) => ok(answer)),
    invite: vi.fn(async (_input: object) => ok(answer)),
    disable: vi.fn(async (_input: object) => ok(answer))
  };
  const unavailable = async () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'Not in this test.' } });
  (window as unknown as { api: unknown }).api = new Proxy(
    {},
    {
      get: (_target, namespace: string) =>
        namespace === 'on' ? () => () => undefined : namespace === 'team' ? calls : new Proxy({}, { get: () => unavailable })
    }
  );
  return calls;
}

const show = () =>
  showInApp(
    <Routes>
      <Route path="/team" element={<TeamPage />} />
      <Route path="/approvals" element={<h1>Approvals screen</h1>} />
    </Routes>,
    '/team'
  );

describe('the Team screen under the approval policy', () => {
  it('says a role change was sent for approval, nothing done yet, and links the Approvals screen', async () => {
    const message = "Sent for approval. Team changes need a second administrator's approval. Nothing was applied yet.";
    const calls = fakeApi({ message, member: rita, approvalRequestId: 'req-9' });
    const user = userEvent.setup();
    show();
    await screen.findByText('rita@ledgerdesk.test');
    await user.click(screen.getByRole('button', { name: 'Change role of rita@ledgerdesk.test' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Change the role of rita@ledgerdesk.test?' });
    await user.click(within(dialog).getByRole('radio', { name: /Viewer/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Make Viewer' }));
    await waitFor(() => expect(calls.setRole).toHaveBeenCalledTimes(1));
    const status = await screen.findByText('Sent for approval: nothing was done yet.');
    expect(status.closest('[role="status"]')?.textContent).toContain(message);
    expect(status.closest('[role="status"]')?.textContent).toContain('Request req-9 waits for another administrator.');
    await user.click(screen.getByRole('link', { name: 'Open Approvals' }));
    expect(await screen.findByText('Approvals screen')).toBeTruthy();
  }, 20_000);

  it('shows no such note when the change was made at once', async () => {
    const calls = fakeApi({ message: 'rita@ledgerdesk.test is now Viewer.', member: { ...rita, role: 'viewer' } });
    const user = userEvent.setup();
    show();
    await screen.findByText('rita@ledgerdesk.test');
    await user.click(screen.getByRole('button', { name: 'Disable rita@ledgerdesk.test' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Disable administrator' }));
    await waitFor(() => expect(calls.disable).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.queryByText('Sent for approval: nothing was done yet.')).toBeNull();
  }, 20_000);
});
