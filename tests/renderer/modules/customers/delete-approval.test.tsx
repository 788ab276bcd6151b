// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerRow } from '@shared/contract';
import { DeleteCustomerDialog } from '@renderer/modules/customers/DeleteCustomerDialog';
import { showInApp, standInForLayout } from '../../../support/renderer/render';

// Deleting a customer under the approval policy (docs/product-rules.md §15.6, customerDeletion) is
// sent for approval: the dialog says nothing was done yet and links the Approvals screen; the
// customer is not taken off the screen.

afterEach(() => {
  cleanup();
  delete (window as unknown as { api?: unknown }).api;
});

const ok = <T,>(value: T) => ({ ok: true as const, value });

const casey: CustomerRow = {
  id: 'casey',
  fullname: 'Casey Customer',
  email: 'casey@example.com',
  balance: 0,
  Totaldeposit: 0,
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
  const remove = vi.fn(async (_input: unknown) => ok(answer));
  const unavailable = async () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'Not in this test.' } });
  (window as unknown as { api: unknown }).api = new Proxy(
    {},
    {
      get: (_target, namespace: string) =>
        namespace === 'on'
          ? () => () => undefined
          : new Proxy({}, { get: (_t, method: string) => (namespace === 'users' && method === 'delete' ? remove : unavailable) })
    }
  );
  return remove;
}

async function deleteCasey(answer: Record<string, unknown>) {
  standInForLayout();
  const remove = fakeApi(answer);
  const onClose = vi.fn();
  const onDeleted = vi.fn();
  showInApp(
    <Routes>
      <Route path="/customers" element={<DeleteCustomerDialog user={casey} onClose={onClose} onDeleted={onDeleted} />} />
      <Route path="/approvals" element={<h1>Approvals screen</h1>} />
    </Routes>,
    '/customers'
  );
  fireEvent.change(await screen.findByLabelText('Reason for deleting'), { target: { value: 'Account closed on request' } });
  fireEvent.click(screen.getByRole('button', { name: 'Yes, delete it!' }));
  await waitFor(() => expect(remove).toHaveBeenCalledTimes(1));
  return { remove, onClose, onDeleted };
}

describe('the delete dialog under the approval policy', () => {
  it('says the deletion was sent for approval, nothing done yet, and links the Approvals screen', async () => {
    const message =
      "Sent for approval. Deleting a customer needs a second administrator's approval. Nothing was applied yet: the request waits on the Approvals screen for another administrator (72 hours at most).";
    const { remove, onDeleted } = await deleteCasey({ message, approvalRequestId: 'req-7' });
    expect(remove.mock.calls[0]![0]).toMatchObject({ id: 'casey', reason: 'Account closed on request' });
    const status = await screen.findByText('Sent for approval: nothing was done yet.');
    expect(status.closest('[role="status"]')?.textContent).toContain(message);
    expect(status.closest('[role="status"]')?.textContent).toContain('Request req-7 waits for another administrator.');
    expect(onDeleted).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('link', { name: 'Open Approvals' }));
    expect(await screen.findByText('Approvals screen')).toBeTruthy();
  }, 20_000);

  it('is done as before when the customer was deleted at once', async () => {
    const { onDeleted } = await deleteCasey({ message: 'User has been deleted.' });
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(screen.queryByText('Sent for approval: nothing was done yet.')).toBeNull();
  }, 20_000);
});
