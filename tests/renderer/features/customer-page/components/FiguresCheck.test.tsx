// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReconcileResult } from '@shared/contract';
import type { BalanceCheckView } from '@shared/schemas/reconciliation';
import { FiguresCheck } from '@renderer/features/customer-page/components/FiguresCheck';
import { setFormatPlace } from '@renderer/lib/format';
import { showInApp, standInForLayout } from '../../../../support/renderer/render';

// The customer page's Figures check: the running totals against their records, and below them the
// balance against the customer's journal head, said in each of its states.

beforeEach(() => {
  standInForLayout();
  setFormatPlace({ locale: 'en-US', timeZone: 'Europe/Paris' });
});
afterEach(() => {
  cleanup();
  setFormatPlace(null);
  delete (window as unknown as { api?: unknown }).api;
});

const answer = (balance: BalanceCheckView): ReconcileResult => ({
  userId: 'dana',
  figures: [
    { figure: 'Totaldeposit', stored: 130.1, records: 130.1, recordCount: 2, unsummable: 0, adjustments: 0, adjustmentCount: 0, drift: 0, problem: null }
  ],
  balance,
  reads: 6,
  asOf: '2026-03-02T08:00:00.000Z'
});

/** window.api answering users.reconcile with each answer in turn (the last one again after that). */
function fakeApi(...answers: ReconcileResult[]) {
  let call = 0;
  const reconcile = vi.fn(async () => ({ ok: true as const, value: answers[Math.min(call++, answers.length - 1)] }));
  const unavailable = async () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'Not in this test.' } });
  const namespaces: Record<string, Record<string, unknown>> = { users: { reconcile } };
  (window as unknown as { api: unknown }).api = new Proxy(
    {},
    {
      get: (_target, namespace: string) =>
        namespace === 'on' ? () => () => undefined : new Proxy(namespaces[namespace] ?? {}, { get: (methods, name: string) => methods[name] ?? unavailable })
    }
  );
  return reconcile;
}

const region = () => screen.findByRole('region', { name: 'Figures check' });

const states: [string, BalanceCheckView][] = [
  ['explained', { state: 'explained', sentence: 'Balance explained by the journal (seq 4).', path: null }],
  ['differs', { state: 'differs', sentence: "Balance $175.25 differs from the journal's $100.00: changed without a journal entry.", path: null }],
  ['noHead', { state: 'noHead', sentence: 'No journal head yet: run records-genesis.', path: null }],
  [
    'broken',
    {
      state: 'broken',
      sentence: 'Journal chain broken at users/dana/journal/e2: Its hash is 5f1c0a9b3e2d…, but the entry as stored hashes to 0be4c2a1d9f8… after seq 1.',
      path: 'users/dana/journal/e2'
    }
  ]
];

describe('the Figures check’s balance line', () => {
  it.each(states)('says the %s state in the check’s own words, beside the figures', async (_state, balance) => {
    fakeApi(answer(balance));
    showInApp(<FiguresCheck userId="dana" />);
    const check = await region();
    expect((await within(check).findByText(balance.sentence)).textContent).toBe(balance.sentence);
    expect(within(check).getByRole('rowheader', { name: /Total deposit/ }).textContent).toBe('Total deposit');
    expect(check.textContent).toContain('Checked Mar 2, 2026, 9:00 AM');
    expect(check.textContent).not.toContain('Balance is not checked');
  });

  it('marks a balance the journal explains apart from one it cannot', async () => {
    fakeApi(answer(states[0]![1]));
    showInApp(<FiguresCheck userId="dana" />);
    const explained = await within(await region()).findByText(states[0]![1].sentence);
    expect(explained.parentElement?.className).toContain('bg-emerald-50');
    cleanup();
    fakeApi(answer(states[1]![1]));
    showInApp(<FiguresCheck userId="dana" />);
    const differs = await within(await region()).findByText(states[1]![1].sentence);
    expect(differs.parentElement?.className).toContain('bg-rose-50');
  });

  it('checks again on request, showing the new state', async () => {
    const reconcile = fakeApi(answer(states[2]![1]), answer(states[0]![1]));
    showInApp(<FiguresCheck userId="dana" />);
    const check = await region();
    await within(check).findByText('No journal head yet: run records-genesis.');
    await userEvent.click(within(check).getByRole('button', { name: 'Check again' }));
    expect((await within(check).findByText('Balance explained by the journal (seq 4).')).textContent).toBe('Balance explained by the journal (seq 4).');
    expect(reconcile).toHaveBeenCalledTimes(2);
  });
});
