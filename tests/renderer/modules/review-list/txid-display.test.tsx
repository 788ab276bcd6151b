// @vitest-environment jsdom
import { defaultPlatformSettings } from '@shared/domain/platformSettings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DepositRisk, Output, WithdrawalRow } from '@shared/contract';
import { ReviewListPage } from '@renderer/modules/review-list/ReviewListPage';
import { DepositFacts } from '@renderer/features/deposits/deposit-facts';
import { withdrawalsList } from '@renderer/features/withdrawals/withdrawals-list';
import { TxidLink } from '@renderer/modules/status/TxidLink';
import { showInApp } from '../../../support/renderer/render';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('@renderer/lib/notify', () => ({ notify }));

const BTC_TXID = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';
const ETH_TXID = `0x${'ab'.repeat(32)}`;

type PlatformSettingsValue = Output<'platformSettings.get'>;

const defaults: PlatformSettingsValue = defaultPlatformSettings;

/**
 * window.api with the methods a test gives; any other answers UNAVAILABLE, and `on` (events)
 * subscribes to nothing, so a screen's side calls (live updates, page sizes) stay quiet.
 */
function fakeApi(methods: Record<string, Record<string, (input: unknown) => unknown>>) {
  const unavailable = async () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'Not in this test.' } });
  (window as unknown as { api: unknown }).api = new Proxy(
    {},
    {
      get: (_target, namespace: string) =>
        namespace === 'on' ? () => () => undefined : new Proxy({}, { get: (_t, method: string) => methods[namespace]?.[method] ?? vi.fn(unavailable) })
    }
  );
}

const ok = <T,>(value: T) => ({ ok: true as const, value });
const settingsApi = (settings: Partial<PlatformSettingsValue> = {}) => ({ get: vi.fn(async () => ok({ ...defaults, ...settings })) });

const show = showInApp;

const writeText = vi.fn(async (_text: string) => undefined);

beforeEach(() => {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  delete (window as unknown as { api?: unknown }).api;
});

describe('a record’s transaction id', () => {
  it('shows its short form, copies the whole id and links to the platform’s own explorer for the coin', async () => {
    fakeApi({ platformSettings: settingsApi({ explorers: { ...defaults.explorers, BITCOIN: 'https://btc.example.org/tx/{txid}' } }) });
    show(<TxidLink txid={BTC_TXID} coin="Bitcoin" decided />);
    const link = await screen.findByRole('link', { name: 'View transaction a1b2c3…7e8f90 on the explorer' });
    expect(link.getAttribute('href')).toBe(`https://btc.example.org/tx/${BTC_TXID}`);
    // A new window: the desktop app hands it to the system browser (https only), the browser opens a tab.
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noreferrer');
    const short = screen.getByText('a1b2c3…7e8f90');
    expect(short.getAttribute('title')).toBe(BTC_TXID);
    expect(short.className).toContain('font-mono');

    fireEvent.click(screen.getByRole('button', { name: 'Copy transaction id' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(BTC_TXID));
    expect(notify.success).toHaveBeenCalledWith('Transaction id copied.');
  });

  it('uses the default explorer when the platform set none, and no link before the settings are read', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const get = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    fakeApi({ platformSettings: { get } });
    show(<TxidLink txid={ETH_TXID} coin="ETHEREUM" />);
    expect(screen.getByRole('button', { name: 'Copy transaction id' })).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    answer(ok(defaults));
    const link = await screen.findByRole('link', { name: /^View transaction 0xababab…ababab on the explorer$/ });
    expect(link.getAttribute('href')).toBe(`https://etherscan.io/tx/${ETH_TXID}`);
  });

  it('a coin Ledgerdesk does not know keeps the copy and has no link', async () => {
    const settings = settingsApi();
    fakeApi({ platformSettings: settings });
    show(<TxidLink txid={BTC_TXID} coin="DOGE" />);
    await waitFor(() => expect(settings.get).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Copy transaction id' })).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('without one: a dash, or a quiet "no txid" on a record credited or paid out without one', () => {
    fakeApi({ platformSettings: settingsApi() });
    const { container, rerender } = show(<TxidLink txid={null} coin="BITCOIN" />);
    expect(container.textContent).toBe('—');
    rerender(
      <QueryClientProvider client={new QueryClient()}>
        <TxidLink txid={null} coin="BITCOIN" decided />
      </QueryClientProvider>
    );
    expect(container.textContent).toBe('no txid');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('the deposit’s risk facts show it with its link', async () => {
    const risk: DepositRisk = {
      coin: 'LITECOIN',
      txid: BTC_TXID,
      customer: { id: 'u1', name: 'Olivia Bennett', email: 'olivia@example.com', verified: true, kycStatus: 'approved', suspension: null },
      latestNote: null,
      earlierDeposits: 2,
      referralBonusTo: null,
      documentsRead: 3
    };
    fakeApi({ platformSettings: settingsApi(), deposits: { risk: vi.fn(async () => ok(risk)) } });
    show(<DepositFacts id="d1" />);
    const facts = await screen.findByRole('region', { name: 'Deposit facts' });
    expect(within(facts).getByText('Transaction id')).toBeTruthy();
    const link = await within(facts).findByRole('link', { name: 'View transaction a1b2c3…7e8f90 on the explorer' });
    expect(link.getAttribute('href')).toBe(`https://litecoinspace.org/tx/${BTC_TXID}`);
  });
});

const row = (id: string, status: string, txid: string | null): WithdrawalRow => ({
  id,
  email: `${id}@example.com`,
  username: null,
  userId: `u-${id}`,
  amount: 50,
  amountRaw: null,
  status,
  cryptoType: 'BITCOIN',
  walletAddress: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
  createdAt: '2026-11-20T10:00:00.000Z',
  txid,
  approvalRequestId: null
});

function withdrawalsApi(settings: Partial<PlatformSettingsValue>) {
  const rows = [row('w1', 'approved', BTC_TXID), row('w2', 'approved', null), row('w3', 'pending', null), row('w4', 'pending', null)];
  const preview = vi.fn(async () =>
    ok({
      allowed: true,
      refusal: null,
      effects: [],
      activation: null,
      emails: [],
      notes: ['No transaction id: this decision cannot be matched to the chain later.'],
      overrides: [],
      version: 'v1'
    })
  );
  fakeApi({
    platformSettings: settingsApi(settings),
    withdrawals: {
      list: vi.fn(async () => ok({ rows, nextCursor: null, total: rows.length, unlisted: 0 })),
      counts: vi.fn(async () => ok({ all: 4, statuses: { pending: 2, approved: 2, rejected: 0 } })),
      preview
    }
  });
  return { preview };
}

async function selectPending() {
  const table = await screen.findByRole('table', undefined, { timeout: 5000 });
  await within(table).findByText('a1b2c3…7e8f90', undefined, { timeout: 5000 });
  for (const id of ['w3', 'w4']) fireEvent.click(within(table).getByRole('checkbox', { name: `Select withdrawal from ${id}@example.com` }));
  return screen.getByRole('region', { name: 'Selected rows' });
}

// The whole list page renders here: slow on a busy machine.
describe('the withdrawals list', () => {
  it('shows each row’s txid under its wallet address: the short form with copy and link, "no txid" on an approval without one', async () => {
    withdrawalsApi({});
    show(<ReviewListPage list={withdrawalsList} />, '/withdrawals');
    const table = await screen.findByRole('table', undefined, { timeout: 5000 });
    await within(table).findByText('a1b2c3…7e8f90', undefined, { timeout: 5000 });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent?.trim());
    expect(headers).not.toContain('Txid');
    const rows = within(table).getAllByRole('row').slice(1);
    const txidCell = (r: HTMLElement) => within(r).getAllByRole('cell')[headers.indexOf('Wallet Address')]!;
    expect(within(txidCell(rows[0]!)).getByRole('button', { name: 'Copy transaction id' })).toBeTruthy();
    expect((await within(txidCell(rows[0]!)).findByRole('link')).getAttribute('href')).toBe(`https://mempool.space/tx/${BTC_TXID}`);
    expect(txidCell(rows[1]!).textContent).toContain('no txid');
    expect(txidCell(rows[2]!).textContent).not.toContain('txid');
    expect(within(txidCell(rows[2]!)).queryByRole('button', { name: 'Copy transaction id' })).toBeNull();
  }, 20_000);

  it('offers bulk Approve while a txid is not required, and its summary says the records will carry none', async () => {
    const { preview } = withdrawalsApi({ requireTxid: false });
    show(<ReviewListPage list={withdrawalsList} />, '/withdrawals');
    const bar = await selectPending();
    const approve = within(bar).getByRole('button', { name: 'Set Approved' }) as HTMLButtonElement;
    await waitFor(() => expect(approve.disabled).toBe(false));
    expect(within(bar).queryByText(/decide them one by one/)).toBeNull();
    fireEvent.click(approve);
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/These records will carry no transaction id \(txid\)\./)).toBeTruthy();
    await waitFor(() => expect(preview).toHaveBeenCalledTimes(2));
  }, 20_000);

  it('does not offer bulk Approve while the platform requires a txid, and says why; Reject stays', async () => {
    withdrawalsApi({ requireTxid: true });
    show(<ReviewListPage list={withdrawalsList} />, '/withdrawals');
    const bar = await selectPending();
    const approve = within(bar).getByRole('button', { name: 'Set Approved' }) as HTMLButtonElement;
    await within(bar).findByText(/Each needs its own transaction id: decide them one by one\./);
    expect(approve.disabled).toBe(true);
    expect(approve.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(approve.getAttribute('aria-describedby')!)?.textContent).toContain('decide them one by one');
    expect((within(bar).getByRole('button', { name: 'Set Rejected' }) as HTMLButtonElement).disabled).toBe(false);
  }, 20_000);
});
