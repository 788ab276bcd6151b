// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvestmentRow, StatusOutcome, StatusPreview } from '@shared/contract';
import { PAYOUT_OVERRIDE_WHY } from '@shared/domain/approvalPayouts';
import { defaultPlatformSettings } from '@shared/domain/platformSettings';
import { DueInvestments } from '@renderer/features/investments/due/DueInvestments';
import { showInApp } from '../../../../support/renderer/render';
import { investmentRow } from '../../../../support/renderer/rows';

// docs/product-rules.md §15.6: with the approval policy covering payouts with an override, the Due
// tab's decision asks for approval instead of paying, and the row says it awaits approval.

afterEach(() => {
  cleanup();
  delete (window as unknown as { api?: unknown }).api;
});

const ok = <T,>(value: T) => ({ ok: true as const, value });
const WHY = 'Sam is suspended: chargeback under review.';
const REASON = 'The chargeback was settled in his favour.';

const previewOf = (overrideReason?: string): StatusPreview => ({
  allowed: overrideReason !== undefined,
  refusal: overrideReason ? null : { code: 'VALIDATION', message: `Paying out this investment needs an override reason. ${WHY}` },
  effects: overrideReason ? [{ key: 'users/u-sam.balance', label: 'Balance of Sam (principal and ROI)', before: 0, after: 110 }] : [],
  activation: null,
  emails: [],
  notes: [],
  overrides: [WHY],
  version: overrideReason ? 'v-overridden' : 'v-refused',
  needsApproval: overrideReason ? PAYOUT_OVERRIDE_WHY : null
});

function dueApi(rows: InvestmentRow[]) {
  const outcome: StatusOutcome = {
    status: 'awaiting approval',
    message: `${PAYOUT_OVERRIDE_WHY} Nothing was applied yet: the request waits on the Approvals screen for another administrator (72 hours at most).`,
    effects: [],
    notes: [],
    emailsQueued: 0,
    approvalRequestId: 'req-1'
  };
  const payout = vi.fn(async (_input: Record<string, unknown>) => ok(outcome));
  const methods: Record<string, Record<string, unknown>> = {
    platformSettings: { get: async () => ok({ ...defaultPlatformSettings, paysMaturedInvestments: true }) },
    investments: {
      due: async () => ok({ rows, nextCursor: null, total: rows.length, unlisted: 0 }),
      payoutPreview: async ({ overrideReason }: { overrideReason?: string }) => ok(previewOf(overrideReason)),
      payout
    },
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
  return { payout };
}

describe('a payout with an override under the approval policy', () => {
  it('is asked for approval from its dialog, saying a second administrator is needed, and sent with its reason', async () => {
    const { payout } = dueApi([investmentRow()]);
    showInApp(<DueInvestments />, '/investments?tab=due');
    fireEvent.click(await screen.findByRole('button', { name: 'Pay out the investment of sam@example.com' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Pay out this investment?' });
    fireEvent.change(await within(dialog).findByLabelText('Override reason'), { target: { value: REASON } });
    expect(await within(dialog).findByText(`Needs a second administrator: ${PAYOUT_OVERRIDE_WHY}`)).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Ask for approval with override' });
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(confirm);
    await waitFor(() => expect(payout).toHaveBeenCalledWith({ id: 'i1', operationId: expect.any(String), version: 'v-overridden', overrideReason: REASON }));
  }, 20_000);

  it('shows Awaiting approval on the row whose investment names an open request, and not on the others', async () => {
    dueApi([
      investmentRow({ id: 'asked', email: 'asked@example.com', approvalRequestId: 'req-1' }),
      investmentRow({ id: 'plain', email: 'plain@example.com' })
    ]);
    showInApp(<DueInvestments />, '/investments?tab=due');
    const table = await screen.findByRole('table', undefined, { timeout: 5000 });
    const rowOf = async (email: string) => (await within(table).findByText(email, undefined, { timeout: 5000 })).closest('tr')!;
    expect(within(await rowOf('asked@example.com')).getByText('Awaiting approval')).toBeTruthy();
    expect(within(await rowOf('plain@example.com')).queryByText('Awaiting approval')).toBeNull();
  }, 20_000);
});
