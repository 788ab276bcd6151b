// @vitest-environment jsdom
import * as Tooltip from '@radix-ui/react-tooltip';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { RiskRulesPage } from '@renderer/features/risk-rules/RiskRulesPage';
import { storedWallets } from '@renderer/features/wallets/api/wallets';
import { notify as toasts } from '@renderer/lib/notify';
import { useSession } from '@renderer/stores/session';
import { standInForLayout } from '../../../support/renderer/render';

// A save the approval policy covers (wallet addresses, risk rules) changes nothing: the maker is told
// "Sent for approval: nothing changed yet", with a way to the Approvals screen, never "saved".

// The toasts, watched (not replaced): restored after each test.
let notify: { success: MockInstance<typeof toasts.success>; error: MockInstance<typeof toasts.error> };

const ok = <T,>(value: T) => ({ ok: true as const, value });
const asked = ok({
  message: "Changing the risk rules needs a second administrator's approval. Nothing was applied yet.",
  effects: [],
  approvalRequestId: 'req-9'
});

function fakeApi(methods: Record<string, Record<string, unknown>>) {
  const unavailable = async () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'Not in this test.' } });
  (window as unknown as { api: unknown }).api = new Proxy(
    {},
    {
      get: (_target, namespace: string) =>
        namespace === 'on' ? () => () => undefined : new Proxy({}, { get: (_t, method: string) => methods[namespace]?.[method] ?? unavailable })
    }
  );
}

function Where() {
  return <p>Approvals screen</p>;
}

const inApp = (ui: ReactNode) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    <Tooltip.Provider>
      <MemoryRouter initialEntries={['/here']}>
        <Routes>
          <Route path="/here" element={ui} />
          <Route path="/approvals" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </Tooltip.Provider>
  </QueryClientProvider>
);

beforeEach(() => {
  standInForLayout();
  notify = { success: vi.spyOn(toasts, 'success').mockImplementation(() => undefined), error: vi.spyOn(toasts, 'error').mockImplementation(() => undefined) };
  useSession.setState({ user: { uid: 'admin-1', email: 'al@ledger.test', role: 'admin' } } as never);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  delete (window as unknown as { api?: unknown }).api;
});

describe('a settings save sent for approval', () => {
  it('tells the maker on the Risk rules screen that nothing changed yet, and opens Approvals from the message', { timeout: 30_000 }, async () => {
    const save = vi.fn(async () => asked);
    fakeApi({ riskRules: { get: async () => ok({ cap24h: 5000, cap30d: null, blockedAddresses: [], stepUpAbove: 10_000 }), save } });
    render(inApp(<RiskRulesPage />));
    const user = userEvent.setup();
    const cap = await screen.findByRole('textbox', { name: '24-hour cap' }, { timeout: 5000 });
    await user.clear(cap);
    await user.type(cap, '50000');
    await user.click(screen.getByRole('button', { name: 'Save risk rules' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(
        'Sent for approval: nothing changed yet',
        asked.value.message,
        expect.objectContaining({ label: 'Open Approvals' })
      )
    );
    expect(notify.success).not.toHaveBeenCalledWith('Risk rules saved.');
    const action = notify.success.mock.calls[0]![2] as { onClick: () => void };
    act(() => action.onClick());
    expect(await screen.findByText('Approvals screen')).toBeTruthy();
  });

  it('says the same for the wallet addresses, and "saved" only when they were saved', async () => {
    const save = vi
      .fn()
      .mockResolvedValueOnce(asked)
      .mockResolvedValueOnce(ok({ message: 'Wallet addresses updated successfully.', effects: [] }));
    fakeApi({ wallets: { save } });
    const { result } = renderHook(() => storedWallets.useSave(), { wrapper: ({ children }) => inApp(children) });
    const addresses = { BITCOIN: 'a', ETHEREUM: 'b', USDT: 'c', TRON: 'd', LITECOIN: 'e' };
    await act(() => result.current.mutateAsync(addresses));
    expect(notify.success).toHaveBeenLastCalledWith(
      'Sent for approval: nothing changed yet',
      asked.value.message,
      expect.objectContaining({ label: 'Open Approvals' })
    );
    await act(() => result.current.mutateAsync(addresses));
    expect(notify.success).toHaveBeenLastCalledWith('Wallet addresses updated successfully.');
  });
});
