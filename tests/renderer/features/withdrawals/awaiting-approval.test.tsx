// @vitest-environment jsdom
import { defaultPlatformSettings } from '@shared/domain/platformSettings';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WithdrawalRow } from '@shared/contract';
import { ReviewListPage } from '@renderer/modules/review-list/ReviewListPage';
import { withdrawalsList } from '@renderer/features/withdrawals/withdrawals-list';
import { showInApp } from '../../../support/renderer/render';

// A withdrawal whose approval became a request for a second administrator (docs/product-rules.md §15.4)
// stays pending and says it awaits approval beside its status; once applied, it is simply approved.

afterEach(() => {
  cleanup();
  delete (window as unknown as { api?: unknown }).api;
});

const ok = <T,>(value: T) => ({ ok: true as const, value });

const row = (id: string, status: string, approvalRequestId: string | null): WithdrawalRow => ({
  id,
  email: `${id}@example.com`,
  username: null,
  userId: `u-${id}`,
  amount: 1500,
  amountRaw: null,
  status,
  cryptoType: 'BITCOIN',
  walletAddress: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
  createdAt: '2026-11-20T10:00:00.000Z',
  txid: null,
  approvalRequestId
});

function fakeApi(rows: WithdrawalRow[]) {
  const methods: Record<string, Record<string, () => Promise<unknown>>> = {
    platformSettings: { get: async () => ok(defaultPlatformSettings) },
    withdrawals: {
      list: async () => ok({ rows, nextCursor: null, total: rows.length, unlisted: 0 }),
      counts: async () => ok({ all: rows.length, statuses: { pending: 2, approved: 1, rejected: 0 } })
    }
  };
  const unavailable = async () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'Not in this test.' } });
  (window as unknown as { api: unknown }).api = new Proxy(
    {},
    {
      get: (_target, namespace: string) =>
        namespace === 'on' ? () => () => undefined : new Proxy({}, { get: (_t, method: string) => methods[namespace]?.[method] ?? unavailable })
    }
  );
}

describe('a withdrawal awaiting approval', () => {
  it('shows Awaiting approval beside Pending while its request is open, and nothing more once approved', async () => {
    fakeApi([row('asked', 'pending', 'req-1'), row('plain', 'pending', null), row('applied', 'approved', 'req-0')]);
    showInApp(<ReviewListPage list={withdrawalsList} />, '/withdrawals');
    const table = await screen.findByRole('table', undefined, { timeout: 5000 });
    await within(table).findByText('asked@example.com', undefined, { timeout: 5000 });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent?.trim());
    const statusOf = (email: string) => {
      const tr = within(table).getByText(email).closest('tr')!;
      return within(tr).getAllByRole('cell')[headers.indexOf('Status')]!.textContent;
    };
    expect(statusOf('asked@example.com')).toBe('PendingAwaiting approval');
    expect(statusOf('plain@example.com')).toBe('Pending');
    expect(statusOf('applied@example.com')).toBe('Approved');
  }, 20_000);
});
