// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StatusOutcome, StatusPreview } from '@shared/contract';
import { defaultPlatformSettings } from '@shared/domain/platformSettings';
import { DueInvestments } from '@renderer/features/investments/due/DueInvestments';
import { showInApp } from '../../../../support/renderer/render';
import { investmentRow } from '../../../../support/renderer/rows';

// docs/product-rules.md §5.7: a payout that needs an override reason asks for it in the Due tab's
// decision, as a withdrawal's approval does, and sends it with the payout.

afterEach(() => {
  cleanup();
  delete (window as unknown as { api?: unknown }).api;
});

const ok = <T,>(value: T) => ({ ok: true as const, value });
const WHY = 'This investment was cancelled and set back to active on 20 May 2026.';
const REASON = 'The cancellation was a mistake; checked with the bank.';

const row = investmentRow();

/** The preview as the main process answers it: refused without the override reason, allowed with it. */
const previewOf = (overrideReason?: string): StatusPreview => ({
  allowed: overrideReason !== undefined,
  refusal: overrideReason
    ? null
    : { code: 'VALIDATION', message: `Paying out this investment needs an override reason. ${WHY} Pay it out on its own and give the reason.` },
  effects: overrideReason ? [{ key: 'users/u-sam.balance', label: 'Balance of Sam (principal and ROI)', before: 0, after: 110 }] : [],
  activation: null,
  emails: [],
  notes: [],
  overrides: [WHY],
  version: overrideReason ? 'v-overridden' : 'v-refused'
});

function payoutApi() {
  const payoutPreview = vi.fn(async ({ overrideReason }: { id: string; overrideReason?: string }) => ok(previewOf(overrideReason)));
  const outcome: StatusOutcome = {
    status: 'completed',
    message: "Investment paid out. Sam's balance is now $110.00.",
    effects: [],
    notes: [],
    emailsQueued: 0
  };
  const payout = vi.fn(async (_input: Record<string, unknown>) => ok(outcome));
  const methods: Record<string, Record<string, unknown>> = {
    platformSettings: { get: async () => ok({ ...defaultPlatformSettings, paysMaturedInvestments: true }) },
    investments: { due: async () => ok({ rows: [row], nextCursor: null, total: 1, unlisted: 0 }), payoutPreview, payout },
    users: { suspendedAmong: async () => ok({ ids: [], emails: [] }), latestNote: async () => ok({ note: null }) }
  };
  const unavailable = async () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'Not in this test.' } });
  (window as unknown as { api: unknown }).api = new Proxy(
    {},
    {
      get: (_target, namespace: string) =>
        namespace === 'on' ? () => () => undefined : new Proxy({}, { get: (_t, method: string) => methods[namespace]?.[method] ?? unavailable })
    }
  );
  return { payoutPreview, payout };
}

describe('paying out an investment that needs an override reason', () => {
  it("names why, asks for the reason, previews with it and pays with it and the overridden preview's version", async () => {
    const { payoutPreview, payout } = payoutApi();
    showInApp(<DueInvestments />, '/investments?tab=due');
    fireEvent.click(await screen.findByRole('button', { name: 'Pay out the investment of sam@example.com' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Pay out this investment?' });
    expect(await within(dialog).findByText('This needs an override reason to go ahead.')).toBeTruthy();
    expect(within(dialog).getByText(WHY)).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Override reason'), { target: { value: REASON } });
    expect(await within(dialog).findByText('Balance of Sam (principal and ROI)')).toBeTruthy();
    expect(payoutPreview).toHaveBeenLastCalledWith({ id: 'i1', overrideReason: REASON });
    const confirm = within(dialog).getByRole('button', { name: 'Pay out with override' });
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(confirm);
    await waitFor(() => expect(payout).toHaveBeenCalledWith({ id: 'i1', operationId: expect.any(String), version: 'v-overridden', overrideReason: REASON }));
  });
});
