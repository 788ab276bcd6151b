// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApprovalRequest, StatusPreview, WithdrawalRisk } from '@shared/contract';
import { REAUTH_REQUIRED_MESSAGE } from '@shared/domain/access';
import { ApprovalsPage } from '@renderer/features/approvals/ApprovalsPage';
import { useStepUp } from '@renderer/stores/step-up';
import { showInApp } from '../../../support/renderer/render';
import { administratorAs, signInAs } from '../../../support/renderer/session';

// The Approvals screen (docs/product-rules.md §15.4): the open requests with the withdrawal's facts
// and preview; Approve with the password, Reject with a reason, Cancel for the administrator who asked.

afterEach(() => {
  cleanup();
  useStepUp.getState().answer(false);
  signInAs('owner');
  delete (window as unknown as { api?: unknown }).api;
});

const maker = { uid: 'maker-1', email: 'maker@ledgerdesk.test' };

const request = (over: Partial<ApprovalRequest> = {}): ApprovalRequest => ({
  id: 'req-1',
  kind: 'withdrawal',
  target: 'withdrawals/wd-big',
  state: 'requires_review',
  summary: 'Approve withdrawal wd-big of $1,500.00 to 0x5290…9EE7',
  why: "Withdrawals of $1,000.00 or more need a second administrator's approval.",
  method: 'withdrawals.setStatus',
  decision: { id: 'wd-big', status: 'approved' },
  previewVersion: 'v1',
  requestedBy: maker,
  requestedAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-23T10:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  reason: null,
  ...over
});

const risk: WithdrawalRisk = {
  amount: 1500,
  amountRaw: null,
  coin: 'ETHEREUM',
  address: '0x52908400098527886E0F7030069857D2E4169EE7',
  addressCheck: { valid: true, problem: null },
  txid: null,
  customer: {
    id: 'wes',
    name: 'Wes Withdrawer',
    email: 'wes@example.com',
    kycStatus: 'approved',
    verified: true,
    suspension: null,
    balance: 40,
    withdrawalLimit: null,
    withdrawalFeePercentage: null,
    fee: null,
    lifetimeDeposits: 5000,
    lifetimeWithdrawals: 1000,
    joined: null,
    firstSuccessfulDepositAt: null
  },
  blockedAddress: null,
  windows: {
    h24: { total: 1500, cap: null, read: 1, complete: true, unreadable: { count: 0, amounts: [] } },
    d30: { total: 1500, cap: null, read: 1, complete: true, unreadable: { count: 0, amounts: [] } }
  },
  latestNote: null,
  sameAddressEarlier: 0,
  otherCustomersAtAddress: 0,
  addressCountsCapped: false,
  warnings: [{ code: 'notVerified', message: 'Their account is not verified.' }],
  documentsRead: 4
};

const preview: StatusPreview = {
  allowed: true,
  refusal: null,
  effects: [{ label: 'Total withdrawal of Wes Withdrawer', before: 1000, after: 2500 }],
  activation: null,
  emails: [{ to: 'wes@example.com', kind: 'withdrawalProcessed' }],
  notes: [],
  overrides: [],
  needsApproval: "Withdrawals of $1,000.00 or more need a second administrator's approval.",
  version: 'v1'
};

type Answer = { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } };
const ok = (value: unknown): Answer => ({ ok: true, value });
const refused = (code: string, message: string): Answer => ({ ok: false, error: { code, message } });

/** window.api answering approvals.* and the withdrawal's risk and preview; records what each method was sent. */
function fakeApi(
  requests: ApprovalRequest[],
  decide: (input: Record<string, unknown>) => Answer = () => ok({ state: 'succeeded', message: 'Approved and applied.' })
) {
  const sent: Record<string, Record<string, unknown>[]> = {};
  const methods: Record<string, Record<string, (input: Record<string, unknown>) => Answer>> = {
    approvals: {
      list: (input) => ok({ requests: input.state ? requests.filter((r) => r.state === input.state) : requests }),
      decide,
      cancel: () => ok({ state: 'canceled', message: 'Your request was cancelled. Nothing was applied.' })
    },
    withdrawals: { risk: () => ok(risk), preview: () => ok(preview) },
    live: { pendingCounts: () => refused('UNAVAILABLE', 'Not in this test.') }
  };
  (window as unknown as { api: unknown }).api = new Proxy(
    {},
    {
      get: (_target, namespace: string) =>
        namespace === 'on'
          ? () => () => undefined
          : new Proxy(
              {},
              {
                get: (_t, method: string) => async (input: Record<string, unknown>) => {
                  (sent[`${namespace}.${method}`] ??= []).push(input);
                  return methods[namespace]?.[method]?.(input) ?? refused('UNAVAILABLE', 'Not in this test.');
                }
              }
            )
    }
  );
  return sent;
}

const card = () => screen.findByRole('article', { name: /Approve withdrawal wd-big/ });

describe('the Approvals screen', () => {
  it('lists the open requests with who asked, when it expires, and the withdrawal the approver decides on', async () => {
    const sent = fakeApi([request()]);
    showInApp(<ApprovalsPage />, '/approvals');
    const shown = await card();
    expect(sent['approvals.list']?.[0]).toEqual({ state: 'requires_review' });
    expect(within(shown).getByText("Withdrawals of $1,000.00 or more need a second administrator's approval.")).toBeTruthy();
    expect(within(shown).getByText('maker@ledgerdesk.test')).toBeTruthy();
    expect(within(shown).getByText('Expires')).toBeTruthy();
    // The same facts the maker saw: amount, customer and address, what approving does, the warnings.
    const facts = await within(shown).findByRole('region', { name: 'Withdrawal facts' });
    expect(within(facts).getByText('Amount').parentElement!.textContent).toBe('Amount$1,500.00');
    expect(within(facts).getByText('Wes Withdrawer')).toBeTruthy();
    expect(within(facts).getByText('0x52908400098527886E0F7030069857D2E4169EE7')).toBeTruthy();
    expect(await within(shown).findByText('Total withdrawal of Wes Withdrawer')).toBeTruthy();
    expect(await within(shown).findByText('Their account is not verified.')).toBeTruthy();
    expect(sent['withdrawals.preview']?.[0]).toMatchObject({ id: 'wd-big', status: 'approved' });
    expect(within(shown).getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(within(shown).getByRole('button', { name: 'Reject' })).toBeTruthy();
  });

  it('names the time zone of its times once', async () => {
    fakeApi([]);
    showInApp(<ApprovalsPage />, '/approvals');
    const description = await screen.findByText(/^Decisions waiting for a second administrator\./);
    expect(description.textContent?.match(/Times in/g)).toHaveLength(1);
  });

  it('says so when no request is waiting', async () => {
    fakeApi([request({ state: 'succeeded' })]);
    showInApp(<ApprovalsPage />, '/approvals');
    expect(await screen.findByText('No approval requests are waiting.')).toBeTruthy();
  });

  it('approves only once the password is confirmed, sending the same decision again', async () => {
    let confirmed = false;
    const sent = fakeApi([request()], () =>
      confirmed ? ok({ state: 'succeeded', message: 'Approved and applied.' }) : refused('STEP_UP_REQUIRED', REAUTH_REQUIRED_MESSAGE)
    );
    const user = userEvent.setup();
    showInApp(<ApprovalsPage />, '/approvals');
    await user.click(within(await card()).getByRole('button', { name: 'Approve' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Approve and apply?' })).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(useStepUp.getState().waiting).not.toBeNull());
    expect(sent['approvals.decide']).toHaveLength(1);
    confirmed = true;
    useStepUp.getState().answer(true);
    await waitFor(() => expect(sent['approvals.decide']).toHaveLength(2));
    const [first, again] = sent['approvals.decide']!;
    expect(again).toMatchObject({ id: 'req-1', decision: 'approve' });
    expect(again!.operationId).toBe(first!.operationId);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('rejects only with a reason of three characters or more', async () => {
    const sent = fakeApi([request()], () => ok({ state: 'rejected', message: 'Rejected.' }));
    const user = userEvent.setup();
    showInApp(<ApprovalsPage />, '/approvals');
    await user.click(within(await card()).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reject this request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    expect(within(dialog).getByText('Say why you reject it (at least 3 characters).')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 'no');
    await user.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    expect(sent['approvals.decide']).toBeUndefined();
    await user.type(within(dialog).getByLabelText('Reason'), 't verified by phone');
    await user.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    await waitFor(() => expect(sent['approvals.decide']?.[0]).toMatchObject({ id: 'req-1', decision: 'reject', reason: 'not verified by phone' }));
  });

  it('offers the administrator who asked Cancel, never Approve or Reject', async () => {
    signInAs('admin');
    const sent = fakeApi([request({ requestedBy: administratorAs('admin') })]);
    const user = userEvent.setup();
    showInApp(<ApprovalsPage />, '/approvals');
    const shown = await card();
    expect(within(shown).getByText('Another administrator must approve this.')).toBeTruthy();
    expect(within(shown).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(shown).queryByRole('button', { name: 'Reject' })).toBeNull();
    await user.click(within(shown).getByRole('button', { name: 'Cancel request' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Cancel your request?' })).getByRole('button', { name: 'Cancel request' }));
    await waitFor(() => expect(sent['approvals.cancel']?.[0]).toEqual({ id: 'req-1' }));
  });

  it('offers a viewer no decision, saying why', async () => {
    signInAs('viewer');
    fakeApi([request()]);
    showInApp(<ApprovalsPage />, '/approvals');
    const shown = await card();
    expect(within(shown).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(shown).queryByRole('button', { name: 'Cancel request' })).toBeNull();
    expect(within(shown).getByText(/Viewer/)).toBeTruthy();
  });

  it.each([
    ['FORBIDDEN', 'You asked for this approval: another administrator must approve it.'],
    ['CONFLICT', 'This request was already decided.']
  ])('shows the refusal %s in the main process words, the dialog left open', async (code, message) => {
    fakeApi([request()], () => refused(code, message));
    const user = userEvent.setup();
    showInApp(<ApprovalsPage />, '/approvals');
    await user.click(within(await card()).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve and apply?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
  });
});
