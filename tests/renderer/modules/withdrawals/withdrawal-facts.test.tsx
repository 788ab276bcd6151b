// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WithdrawalRisk } from '@shared/contract';
import { WithdrawalRiskPanel } from '@renderer/modules/withdrawals/withdrawal-facts';
import { showInApp } from '../../../support/renderer/render';

// The withdrawal's facts: each cap's window, its total against the cap, and how it was read (docs/product-rules.md §5.8).

afterEach(() => {
  cleanup();
  delete (window as unknown as { api?: unknown }).api;
});

const whole = { complete: true, unreadable: { count: 0, amounts: [] } };

const risk = (windows: WithdrawalRisk['windows']): WithdrawalRisk => ({
  amount: 600,
  amountRaw: '600.00',
  coin: 'ETHEREUM',
  address: null,
  addressCheck: null,
  txid: null,
  customer: {
    id: 'u1',
    name: 'Tex Text',
    email: 'tex@example.com',
    kycStatus: 'approved',
    verified: true,
    suspension: null,
    balance: 0,
    withdrawalLimit: 500,
    withdrawalFeePercentage: null,
    fee: null,
    lifetimeDeposits: null,
    lifetimeWithdrawals: null,
    joined: null,
    firstSuccessfulDepositAt: null
  },
  blockedAddress: null,
  windows,
  latestNote: null,
  sameAddressEarlier: 0,
  otherCustomersAtAddress: 0,
  addressCountsCapped: false,
  warnings: [],
  documentsRead: 9
});

function showPanel(value: WithdrawalRisk) {
  const answer = async () => ({ ok: true, value });
  const unavailable = async () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'Not in this test.' } });
  (window as unknown as { api: unknown }).api = new Proxy(
    {},
    {
      get: (_target, namespace: string) =>
        namespace === 'on' ? () => () => undefined : namespace === 'withdrawals' ? { risk: answer } : new Proxy({}, { get: () => unavailable })
    }
  );
  showInApp(<WithdrawalRiskPanel id="w1" />);
}

const fact = async (label: string) => {
  const facts = await screen.findByRole('region', { name: 'Withdrawal facts' });
  const term = within(facts).getByText(label);
  return term.parentElement!.textContent;
};

describe('the caps on the withdrawal facts', () => {
  it('shows each window against its cap and how many withdrawals were read', async () => {
    showPanel(
      risk({
        h24: { total: 1800, cap: 500, read: 3, ...whole },
        d30: { total: 2400, cap: 2000, read: 1, ...whole }
      })
    );
    expect(await fact('Withdrawals in 24 h')).toContain('$1,800.00 of $500.00');
    expect(await fact('Withdrawals in 24 h')).toContain('3 withdrawals in the last 24 h read');
    expect(await fact('Withdrawals in 30 days')).toContain('1 withdrawal in the last 30 days read');
  });

  it('says when an amount could not be read, and when only the latest withdrawals were read', async () => {
    showPanel(
      risk({
        h24: { total: 100, cap: 500, read: 2, complete: true, unreadable: { count: 1, amounts: ['NaN'] } },
        d30: { total: 900, cap: 2000, read: 200, complete: false, unreadable: { count: 1, amounts: ['NaN'] } }
      })
    );
    expect(await fact('Withdrawals in 24 h')).toContain('2 withdrawals in the last 24 h read; 1 amount cannot be read');
    expect(await fact('Withdrawals in 30 days')).toContain('at least $900.00 of $2,000.00');
    expect(await fact('Withdrawals in 30 days')).toContain('Only the latest 200 read: there may be more; 1 amount cannot be read');
  });
});
