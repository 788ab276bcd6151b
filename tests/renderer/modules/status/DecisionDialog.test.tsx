// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StatusOutcome, StatusPreview } from '@shared/contract';
import type { PreviewAsked } from '@renderer/modules/status/DecisionDialog';
import { ApiError } from '@renderer/lib/api';
import type { Decision } from '@renderer/modules/status/status-change';
import { StatusChangeCell } from '@renderer/modules/status/StatusChangeCell';
import { withdrawalChange } from '../../../support/renderer/render';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('@renderer/lib/notify', () => ({ notify }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const previewOf = (balance: number, version: string): StatusPreview => ({
  allowed: true,
  refusal: null,
  effects: [{ label: 'Balance of Olivia (refund)', before: balance, after: balance + 50 }],
  activation: null,
  emails: [{ to: 'olivia@example.com', kind: 'withdrawalRejected' }],
  notes: [],
  overrides: [],
  version
});

const outcome: StatusOutcome = {
  status: 'rejected',
  message: 'Withdrawal rejected, amount added back to user balance.',
  effects: [],
  notes: [],
  emailsQueued: 1
};

/** The contract's save: what it is sent is what the main process receives. */
type Save = (decision: Decision<'withdrawals.setStatus'>) => Promise<StatusOutcome>;
type Preview = (id: string, status: string, asked: PreviewAsked) => Promise<StatusPreview>;

function renderCell(preview: Preview, save: Save) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const change = withdrawalChange({
    question: () => ({
      title: 'Reject withdrawal?',
      description: 'Reject this withdrawal?',
      confirmLabel: 'Reject withdrawal',
      reason: { kind: 'required', choices: ['did not meet the required conditions'] }
    }),
    preview,
    save,
    failed: 'Failed to update withdrawal status.'
  });
  render(
    <QueryClientProvider client={client}>
      <StatusChangeCell row={{ id: 'w1', status: 'pending' }} change={change} label="Change status for withdrawal from olivia@example.com" />
    </QueryClientProvider>
  );
  fireEvent.change(screen.getByRole('combobox', { name: /Change status/ }), { target: { value: 'rejected' } });
}

describe('the decision dialog', () => {
  it('shows the preview as money, needs a reason, and sends the version it showed', async () => {
    const save = vi.fn<Save>(async () => outcome);
    renderCell(async () => previewOf(200, 'v1'), save);
    expect(await screen.findByText('Balance of Olivia (refund)')).toBeTruthy();
    expect(screen.getByText('$200.00')).toBeTruthy();
    expect(screen.getByText('$250.00')).toBeTruthy();
    expect(screen.getByText('olivia@example.com: withdrawal rejected e-mail')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Reject withdrawal' }));
    expect(await screen.findByText('Choose a reason.')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Other…' } });
    fireEvent.change(screen.getByLabelText('Reason in your words'), { target: { value: 'Address on a block list' } });
    fireEvent.keyDown(screen.getByLabelText('Reason in your words'), { key: 'Enter' });
    await waitFor(() => expect(save).toHaveBeenCalledWith({ id: 'w1', status: 'rejected', version: 'v1', reason: 'Address on a block list' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('says the record changed, shows the new preview, and confirms on the new version', async () => {
    const preview = vi.fn<() => Promise<StatusPreview>>().mockResolvedValueOnce(previewOf(200, 'v1')).mockResolvedValueOnce(previewOf(300, 'v2'));
    const save = vi.fn<Save>().mockRejectedValueOnce(new ApiError('STALE_VERSION', 'This record changed since you opened it.')).mockResolvedValueOnce(outcome);
    renderCell(preview, save);
    await screen.findByText('$250.00');
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'did not meet the required conditions' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject withdrawal' }));

    expect(await screen.findByText('This record changed since you opened it.')).toBeTruthy();
    expect(await screen.findByText('$350.00')).toBeTruthy();
    expect(notify.error).not.toHaveBeenCalled();
    const confirm = screen.getByRole('button', { name: 'Reject withdrawal' });
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(confirm);
    await waitFor(() => expect(save).toHaveBeenLastCalledWith({ id: 'w1', status: 'rejected', version: 'v2', reason: 'did not meet the required conditions' }));
  });

  it('a failed withdrawal change says so with the reason beneath', async () => {
    const save = vi.fn<Save>().mockRejectedValue(new ApiError('UNAVAILABLE', 'Firestore is not reachable.'));
    renderCell(async () => previewOf(200, 'v1'), save);
    await screen.findByText('$250.00');
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'did not meet the required conditions' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject withdrawal' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to update withdrawal status.', 'Firestore is not reachable.'));
  });

  it('a refused change shows why, with only Close', async () => {
    renderCell(
      async () => ({
        ...previewOf(0, 'v1'),
        allowed: false,
        refusal: { code: 'CONFLICT', message: 'Cannot change status of an approved withdrawal.' },
        effects: []
      }),
      vi.fn<Save>()
    );
    expect(await screen.findByText('Cannot change status of an approved withdrawal.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reject withdrawal' })).toBeNull();
  });
});

describe('the transaction id of a payout', () => {
  const TXID = 'ab'.repeat(32);

  function renderApproval(preview: Preview, save: Save) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const change = withdrawalChange({
      statuses: ['pending', 'approved'],
      question: () => ({ title: 'Approve withdrawal?', description: 'Approve?', confirmLabel: 'Approve withdrawal', txid: { coin: 'BITCOIN' } }),
      preview,
      save
    });
    render(
      <QueryClientProvider client={client}>
        <StatusChangeCell row={{ id: 'w1', status: 'pending' }} change={change} label="Change status for withdrawal from olivia@example.com" />
      </QueryClientProvider>
    );
    fireEvent.change(screen.getByRole('combobox', { name: /Change status/ }), { target: { value: 'approved' } });
  }

  it('says what a malformed id lacks, trims a pasted one, previews it and sends it', async () => {
    const preview = vi.fn<Preview>(async () => previewOf(200, 'v1'));
    const save = vi.fn<Save>(async () => outcome);
    renderApproval(preview, save);
    const field = await screen.findByLabelText('Transaction id (txid)');
    fireEvent.change(field, { target: { value: '0x1234' } });
    expect(await screen.findByText('A BITCOIN transaction id is 64 hexadecimal characters.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve withdrawal' }));
    expect(save).not.toHaveBeenCalled();

    fireEvent.paste(field, { clipboardData: { getData: () => `  ${TXID.toUpperCase()}\n` } });
    expect((field as HTMLInputElement).value).toBe(TXID.toUpperCase());
    await waitFor(() => expect(preview).toHaveBeenLastCalledWith('w1', 'approved', { txid: TXID }));
    fireEvent.click(await screen.findByRole('button', { name: 'Approve withdrawal' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ id: 'w1', status: 'approved', version: 'v1', txid: TXID }));
  });

  it('shows the refusal of an id already used before the click', async () => {
    const used = 'This transaction already paid withdrawal w0 (ann@example.com, $50.00).';
    const preview = vi.fn(async (_id: string, _status: string, { txid }: PreviewAsked) =>
      txid ? { ...previewOf(200, 'v1'), allowed: false, refusal: { code: 'CONFLICT' as const, message: used } } : previewOf(200, 'v1')
    );
    renderApproval(
      preview,
      vi.fn<Save>(async () => outcome)
    );
    fireEvent.change(await screen.findByLabelText('Transaction id (txid)'), { target: { value: TXID } });
    expect(await screen.findByText(used)).toBeTruthy();
  });
});

describe('an approval that needs an override reason', () => {
  it("names what it overrides, shows what it does once the reason is given, and sends the reason with the overridden preview's version", async () => {
    const overrides = ['Olivia is suspended: account taken over.', 'The address 0xab is blocked: mixer.'];
    const preview = vi.fn(async (_id: string, _status: string, { overrideReason }: PreviewAsked): Promise<StatusPreview> =>
      overrideReason
        ? { ...previewOf(200, 'v-overridden'), overrides }
        : {
            ...previewOf(200, 'v-refused'),
            allowed: false,
            effects: [],
            refusal: { code: 'CONFLICT', message: 'Approving this withdrawal needs an override reason.' },
            overrides
          }
    );
    const save = vi.fn<Save>(async () => outcome);
    renderCell(preview, save);
    expect(await screen.findByText('This needs an override reason to go ahead.')).toBeTruthy();
    for (const override of overrides) expect(screen.getByText(override)).toBeTruthy();
    expect(screen.queryByText('This change cannot be made.')).toBeNull();
    // Nothing is sent without a reason of 5 characters or more.
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'did not meet the required conditions' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject withdrawal with override' }));
    expect(await screen.findByText('Give an override reason of at least 5 characters.')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Override reason'), { target: { value: 'Confirmed with the customer by video call.' } });
    expect(await screen.findByText('$250.00')).toBeTruthy();
    expect(preview).toHaveBeenLastCalledWith('w1', 'rejected', { overrideReason: 'Confirmed with the customer by video call.' });
    const confirm = screen.getByRole('button', { name: 'Reject withdrawal with override' });
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({
        id: 'w1',
        status: 'rejected',
        version: 'v-overridden',
        reason: 'did not meet the required conditions',
        overrideReason: 'Confirmed with the customer by video call.'
      })
    );
  });
});

describe('an approval the approval policy covers', () => {
  it('says a second administrator is needed, asks for approval instead of approving, and says where the request waits', async () => {
    const why = "Withdrawals of $1,000.00 or more need a second administrator's approval.";
    const asked: StatusOutcome = {
      status: 'awaiting approval',
      message: 'Approval requested.',
      effects: [],
      notes: [],
      emailsQueued: 0,
      approvalRequestId: 'req-1'
    };
    const save = vi.fn<Save>(async () => asked);
    const change = withdrawalChange({
      question: () => ({ title: 'Approve withdrawal?', description: 'Approve this withdrawal?', confirmLabel: 'Approve withdrawal' }),
      preview: async () => ({ ...previewOf(0, 'v1'), effects: [], emails: [], needsApproval: why }),
      save
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <StatusChangeCell row={{ id: 'w1', status: 'pending' }} change={change} label="Change status for withdrawal from olivia@example.com" />
      </QueryClientProvider>
    );
    fireEvent.change(screen.getByRole('combobox', { name: /Change status/ }), { target: { value: 'approved' } });

    expect(await screen.findByText(`Needs a second administrator: ${why}`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve withdrawal' })).toBeNull();
    const ask = screen.getByRole('button', { name: 'Ask for approval' });
    await waitFor(() => expect((ask as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(ask);
    await waitFor(() => expect(save).toHaveBeenCalledWith({ id: 'w1', status: 'approved', version: 'v1' }));
    await waitFor(() =>
      // Once: the answer says where the request waits, so no description repeats it.
      expect(notify.success).toHaveBeenCalledWith('Approval requested.', undefined, expect.objectContaining({ label: 'Open Approvals' }))
    );
  });
});
