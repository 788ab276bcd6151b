// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { defaultApprovalPolicy } from '@shared/domain/approvals';
import { defaultPlatformSettings } from '@shared/domain/platformSettings';
import { ApprovalPolicySetting } from '@renderer/features/plans/components/ApprovalPolicySetting';
import { notify as toasts } from '@renderer/lib/notify';
import { useSession } from '@renderer/stores/session';
import { standInForLayout } from '../../../support/renderer/render';

// The approval policy on the Settings screen: three amounts (empty: none) and five switches, saved
// with only what changed; a loosening is sent for approval and the owner is told nothing changed yet.

// The toasts, watched (not replaced): restored after each test.
let notify: { success: MockInstance<typeof toasts.success>; error: MockInstance<typeof toasts.error> };

const ok = <T,>(value: T) => ({ ok: true as const, value });
const stored = { ...defaultPlatformSettings, approvals: { ...defaultApprovalPolicy, withdrawalAtLeast: 1000, walletChanges: true } };

function fakeApi(save: (input: never) => unknown) {
  const methods: Record<string, Record<string, unknown>> = { platformSettings: { get: async () => ok(stored), save } };
  const unavailable = async () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'Not in this test.' } });
  (window as unknown as { api: unknown }).api = new Proxy(
    {},
    {
      get: (_target, namespace: string) =>
        namespace === 'on' ? () => () => undefined : new Proxy({}, { get: (_t, method: string) => methods[namespace]?.[method] ?? unavailable })
    }
  );
}

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ApprovalPolicySetting />
      </MemoryRouter>
    </QueryClientProvider>
  );

beforeEach(() => {
  standInForLayout();
  notify = { success: vi.spyOn(toasts, 'success').mockImplementation(() => undefined), error: vi.spyOn(toasts, 'error').mockImplementation(() => undefined) };
  useSession.setState({ user: { uid: 'owner-1', email: 'ana@ledger.test', role: 'owner' } } as never);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  delete (window as unknown as { api?: unknown }).api;
});

describe('the approval policy on the Settings screen', () => {
  it('offers every rule with its label and hint, as stored', async () => {
    fakeApi(vi.fn());
    show();
    const amount = await screen.findByRole('textbox', { name: 'Withdrawals needing a second administrator' });
    expect((amount as HTMLInputElement).value).toBe('1000');
    expect(amount.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/Approving one withdrawal of at least this amount/)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Manage adjustments needing a second administrator' }) as HTMLInputElement).value).toBe('');
    expect(screen.getAllByRole('textbox')).toHaveLength(3);
    expect(screen.getAllByRole('switch')).toHaveLength(5);
    expect(screen.getByRole('switch', { name: 'Wallet address changes need a second administrator' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: 'Team changes need a second administrator' }).getAttribute('aria-checked')).toBe('false');
  });

  it('saves only what changed, from the keyboard, and refuses an amount that is not one', async () => {
    const save = vi.fn(async (_input: { changes: { approvals: object } }) => ok({ message: 'Platform settings saved.', effects: [] }));
    fakeApi(save);
    show();
    const user = userEvent.setup();
    const adjustments = await screen.findByRole('textbox', { name: 'Manage adjustments needing a second administrator' });
    await user.type(adjustments, '12.345');
    await user.click(screen.getByRole('button', { name: 'Save policy' }));
    expect(await screen.findByText('Use at most two decimals (cents).')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();

    await user.clear(adjustments);
    await user.type(adjustments, '250');
    screen.getByRole('switch', { name: 'Team changes need a second administrator' }).focus();
    await user.keyboard(' ');
    await user.type(adjustments, '{Enter}');
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]![0]).toMatchObject({ changes: { approvals: { adjustmentAtLeast: 250, teamChanges: true } } });
    expect(Object.keys(save.mock.calls[0]![0].changes.approvals).sort()).toEqual(['adjustmentAtLeast', 'teamChanges']);
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Platform settings saved.'));
  });

  it('says a loosening is sent for approval, and after the save that nothing changed yet, with a link to Approvals', async () => {
    const save = vi.fn(async (_input: { changes: { approvals: object } }) =>
      ok({ message: 'Loosening the approval policy needs a second administrator’s approval.', effects: [], approvalRequestId: 'req-1' })
    );
    fakeApi(save);
    show();
    const user = userEvent.setup();
    const threshold = await screen.findByRole('textbox', { name: 'Withdrawals needing a second administrator' });
    await user.clear(threshold);
    expect(screen.getByText(/This loosens the policy: saving sends it to another owner for approval/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send for approval' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]![0]).toMatchObject({ changes: { approvals: { withdrawalAtLeast: null } } });
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(
        'Sent for approval: nothing changed yet',
        'Loosening the approval policy needs a second administrator’s approval.',
        expect.objectContaining({ label: 'Open Approvals' })
      )
    );
  });

  it('shows the policy to an administrator who is not an owner, without a way to change it', async () => {
    useSession.setState({ user: { uid: 'admin-1', email: 'al@ledger.test', role: 'admin' } } as never);
    fakeApi(vi.fn());
    show();
    expect((await screen.findByRole('textbox', { name: 'Withdrawals needing a second administrator' })).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save policy' })).toBeNull();
  });
});
