// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerRow } from '@shared/contract';
import { ManageDialog } from '@renderer/modules/customers/ManageDialog';
import { showInApp, standInForLayout } from '../../../support/renderer/render';

// A Manage adjustment the approval policy covers (docs/product-rules.md §15.6) is sent for approval:
// the dialog says nothing changed yet and links the Approvals screen, never "updated".

afterEach(() => {
  cleanup();
  delete (window as unknown as { api?: unknown }).api;
});

const ok = <T,>(value: T) => ({ ok: true as const, value });

const casey: CustomerRow = {
  id: 'casey',
  fullname: 'Casey Customer',
  email: 'casey@example.com',
  balance: 500,
  Totaldeposit: 2000,
  Totalwithdrawal: 0,
  totalearnings: 0,
  TotalBonus: 0,
  withdrawalLimit: 5000,
  withdrawalFeePercentage: 2,
  verified: true,
  hasKyc: false,
  kycStatus: null,
  kycExpiryDate: null,
  suspended: false,
  timestamp: null
};

function fakeApi(answer: Record<string, unknown>) {
  const adjust = vi.fn(async (_input: unknown) => ok(answer));
  const unavailable = async () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'Not in this test.' } });
  (window as unknown as { api: unknown }).api = new Proxy(
    {},
    {
      get: (_target, namespace: string) =>
        namespace === 'on'
          ? () => () => undefined
          : new Proxy({}, { get: (_t, method: string) => (namespace === 'users' && method === 'adjust' ? adjust : unavailable) })
    }
  );
  return adjust;
}

async function creditCasey(answer: Record<string, unknown>) {
  standInForLayout();
  const adjust = fakeApi(answer);
  const onClose = vi.fn();
  showInApp(
    <Routes>
      <Route path="/customers" element={<ManageDialog user={casey} onClose={onClose} />} />
      <Route path="/approvals" element={<h1>Approvals screen</h1>} />
    </Routes>,
    '/customers'
  );
  fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '1000' } });
  fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Deposit credited by hand' } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
  await waitFor(() => expect(adjust).toHaveBeenCalledTimes(1));
  return { adjust, onClose };
}

describe('the Manage dialog under the approval policy', () => {
  it('says the adjustment was sent for approval, nothing changed yet, and links the Approvals screen', async () => {
    const message =
      "Manage adjustments of $1,000.00 or more need a second administrator's approval. Nothing was applied yet: the request waits on the Approvals screen for another administrator (72 hours at most).";
    const { adjust, onClose } = await creditCasey({ message, effects: [], approvalRequestId: 'req-1' });
    expect(adjust.mock.calls[0]![0]).toMatchObject({ id: 'casey', field: 'balance', operation: 'add', amount: 1000 });
    const status = await screen.findByText('Sent for approval: nothing changed yet.');
    expect(status.closest('[role="status"]')?.textContent).toContain(message);
    expect(status.closest('[role="status"]')?.textContent).toContain('Balance stays $500.00 until another administrator approves it.');
    expect(screen.queryByText(/updated/)).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('link', { name: 'Open Approvals' }));
    expect(await screen.findByText('Approvals screen')).toBeTruthy();
  }, 20_000);

  it('closes as before when the adjustment applied at once', async () => {
    const { onClose } = await creditCasey({
      message: 'Balance updated to $1,500.00',
      effects: [{ key: 'users/casey.balance', label: 'Balance', before: 500, after: 1500 }]
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.queryByText('Sent for approval: nothing changed yet.')).toBeNull();
  }, 20_000);
});
