// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StatusOutcome, StatusPreview } from '@shared/contract';
import { BulkDialog } from '@renderer/modules/review-list/bulk/BulkDialog';
import type { ReviewRow } from '@renderer/modules/review-list/status-change';
import type { Confirmation } from '@renderer/modules/status/DecisionDialog';
import type { Decision } from '@renderer/modules/status/status-change';
import { StatusChangeCell } from '@renderer/modules/status/StatusChangeCell';
import { withdrawalChange } from '../../../../support/renderer/render';

// The reason typed in a decision survives an idle sign-out (docs/architecture.md §6 "draft"): the
// main process keeps it, the sign-out unmounts the screen, and the same decision opened again finds it.

afterEach(() => {
  cleanup();
  delete (window as unknown as { api?: unknown }).api;
});

const ok = <T,>(value: T) => ({ ok: true as const, value });

/**
 * window.api as the main process answers it: drafts.get and drafts.put over a map that outlives
 * the screens (as the main process does), refused once the session has ended; any other method
 * answers UNAVAILABLE and `on` subscribes to nothing.
 */
function fakeMain() {
  const held = new Map<string, unknown>();
  const session = { signedIn: true };
  const drafts = {
    get: vi.fn(async ({ key }: { key: string }) => ok({ value: held.get(key) ?? null })),
    put: vi.fn(async ({ key, value }: { key: string; value: unknown }) => {
      if (!session.signedIn) return { ok: false as const, error: { code: 'UNAUTHENTICATED', message: 'Your session has ended.' } };
      if (value === null) held.delete(key);
      else held.set(key, value);
      return ok(null);
    })
  };
  const unavailable = async () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'Not in this test.' } });
  (window as unknown as { api: unknown }).api = new Proxy(
    {},
    {
      get: (_target, namespace: string) =>
        namespace === 'on' ? () => () => undefined : namespace === 'drafts' ? drafts : new Proxy({}, { get: () => unavailable })
    }
  );
  /** Waits until the draft of `key` has been read and its answer given to the screen. */
  const read = async (key: string) => {
    await waitFor(() => expect(drafts.get).toHaveBeenCalledWith({ key }));
    await act(async () => {
      await Promise.all(drafts.get.mock.results.map((result) => result.value));
    });
  };
  return { held, session, drafts, read };
}

const preview: StatusPreview = {
  allowed: true,
  refusal: null,
  effects: [{ label: 'Balance of Olivia (refund)', before: 200, after: 250 }],
  activation: null,
  emails: [],
  notes: [],
  overrides: [],
  version: 'v1'
};

const outcome: StatusOutcome = { status: 'rejected', message: 'Withdrawal rejected.', effects: [], notes: [], emailsQueued: 0 };

const rejection: Confirmation = {
  title: 'Reject withdrawal?',
  description: 'Reject this withdrawal?',
  confirmLabel: 'Reject withdrawal',
  reason: { kind: 'required', choices: ['did not meet the required conditions'] }
};

const REASON = 'Address on a block list';

/** One withdrawal's Change Status cell, keyed as the money lists key its preview (statusChangeColumn). */
function showCell(rowId: string, save = vi.fn(async (_decision: Decision<'withdrawals.setStatus'>) => outcome)) {
  const change = withdrawalChange({ question: () => rejection, preview: async () => preview, save });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <StatusChangeCell row={{ id: rowId, status: 'pending' }} change={change} label={`Change status for withdrawal ${rowId}`} />
    </QueryClientProvider>
  );
  return { user: userEvent.setup(), save };
}

/** Picks Rejected on the row and waits for the decision's preview. */
async function openRejection(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(screen.getByRole('combobox', { name: /Change status/ }), 'rejected');
  const dialog = await screen.findByRole('alertdialog', { name: 'Reject withdrawal?' }, { timeout: 5000 });
  await within(dialog).findByText('$250.00');
  return dialog;
}

/** The reason as the administrator typed it: "Other…", then their words. */
async function typeReason(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, text: string) {
  await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Other…');
  await user.type(within(dialog).getByLabelText('Reason in your words'), text);
}

/** The idle sign-out: the main process ends the session, then the signed-in screens unmount. */
function signOutIdle(main: ReturnType<typeof fakeMain>) {
  main.session.signedIn = false;
  cleanup();
  main.session.signedIn = true;
}

describe('the reason typed in a decision dialog', () => {
  it('comes back, with "Draft restored", when the same decision on the same record is opened after an idle sign-out', async () => {
    const main = fakeMain();
    const first = showCell('w1');
    await typeReason(first.user, await openRejection(first.user), REASON);
    // Written while the administrator paused, before the session ended.
    await waitFor(() => expect(main.held.get('decision:statusPreview:withdrawals:w1:rejected')).toEqual({ choice: 'Other…', text: REASON }));
    signOutIdle(main);

    const again = showCell('w1');
    const dialog = await openRejection(again.user);
    await waitFor(() => expect((within(dialog).getByLabelText('Reason in your words') as HTMLTextAreaElement).value).toBe(REASON));
    expect((within(dialog).getByLabelText('Reason') as HTMLSelectElement).value).toBe('Other…');
    expect(within(dialog).getByText(/Draft restored/).textContent).toContain('the reason you typed earlier is back.');

    // And it is the reason the decision is sent with.
    await again.user.click(within(dialog).getByRole('button', { name: 'Reject withdrawal' }));
    await waitFor(() => expect(again.save).toHaveBeenCalledWith({ id: 'w1', status: 'rejected', version: 'v1', reason: REASON }));
    // Taken: the draft is forgotten.
    await waitFor(() => expect(main.held.size).toBe(0));
  });

  it('is written at once when the screen closes before the pause (leaving the screen), not a moment later', async () => {
    const main = fakeMain();
    const first = showCell('w1');
    await typeReason(first.user, await openRejection(first.user), REASON);
    cleanup();
    // A write left for later could find the session ended; the one made as the screen closes is sent now.
    expect(main.drafts.put).toHaveBeenLastCalledWith({ key: 'decision:statusPreview:withdrawals:w1:rejected', value: { choice: 'Other…', text: REASON } });

    const again = showCell('w1');
    const dialog = await openRejection(again.user);
    await waitFor(() => expect((within(dialog).getByLabelText('Reason in your words') as HTMLTextAreaElement).value).toBe(REASON));
  });

  it('does not come back on another record', async () => {
    const main = fakeMain();
    const first = showCell('w1');
    await typeReason(first.user, await openRejection(first.user), REASON);
    await waitFor(() => expect(main.held.size).toBe(1));
    signOutIdle(main);

    const other = showCell('w2');
    const dialog = await openRejection(other.user);
    await main.read('decision:statusPreview:withdrawals:w2:rejected');
    expect((within(dialog).getByLabelText('Reason') as HTMLSelectElement).value).toBe('');
    expect(within(dialog).queryByLabelText('Reason in your words')).toBeNull();
    expect(within(dialog).queryByText(/Draft restored/)).toBeNull();
    // w1's draft is still kept for w1.
    expect(main.held.has('decision:statusPreview:withdrawals:w1:rejected')).toBe(true);
  });

  it('is forgotten when the decision is cancelled, and by Discard draft', async () => {
    const main = fakeMain();
    const first = showCell('w1');
    let dialog = await openRejection(first.user);
    await typeReason(first.user, dialog, REASON);
    await waitFor(() => expect(main.held.size).toBe(1));
    signOutIdle(main);

    const again = showCell('w1');
    dialog = await openRejection(again.user);
    await within(dialog).findByText(/Draft restored/);
    await again.user.click(within(dialog).getByRole('button', { name: 'Discard draft' }));
    expect((within(dialog).getByLabelText('Reason') as HTMLSelectElement).value).toBe('');
    await waitFor(() => expect(main.held.size).toBe(0));

    await typeReason(again.user, dialog, 'Typed again');
    await waitFor(() => expect(main.held.size).toBe(1));
    await again.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(main.held.size).toBe(0));
  });
});

interface Row extends ReviewRow {
  amount: number;
}

const rows: Row[] = [
  { id: 'w1', status: 'pending', email: 'olivia@example.com', amount: 50 },
  { id: 'w2', status: 'pending', email: 'carl@example.com', amount: 70 }
];

const bulkChange = withdrawalChange({ question: () => rejection, preview: async () => preview, save: async () => outcome });

function showBulk(draftKey: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <BulkDialog rows={rows} status="rejected" change={bulkChange} noun={{ one: 'withdrawal', many: 'withdrawals' }} draftKey={draftKey} onClose={vi.fn()} />
    </QueryClientProvider>
  );
  return userEvent.setup();
}

describe("the bulk decision's reason", () => {
  it('comes back after an idle sign-out for the same bulk decision, and not for another', async () => {
    const main = fakeMain();
    const user = showBulk('bulk:withdrawals:rejected');
    let dialog = await screen.findByRole('alertdialog', { name: 'Set 2 withdrawals to Rejected?' });
    await within(dialog).findByRole('button', { name: 'Set 2 to Rejected' });
    await typeReason(user, dialog, REASON);
    await waitFor(() => expect(main.held.get('bulk:withdrawals:rejected')).toEqual({ choice: 'Other…', text: REASON }));
    signOutIdle(main);

    showBulk('bulk:withdrawals:rejected');
    dialog = await screen.findByRole('alertdialog', { name: 'Set 2 withdrawals to Rejected?' });
    await waitFor(() => expect((within(dialog).getByLabelText('Reason in your words') as HTMLTextAreaElement).value).toBe(REASON));
    expect(within(dialog).getByText(/Draft restored/)).toBeTruthy();
    cleanup();

    showBulk('bulk:deposits:rejected');
    dialog = await screen.findByRole('alertdialog', { name: 'Set 2 withdrawals to Rejected?' });
    await main.read('bulk:deposits:rejected');
    expect((within(dialog).getByLabelText('Reason') as HTMLSelectElement).value).toBe('');
    expect(within(dialog).queryByText(/Draft restored/)).toBeNull();
  });
});
