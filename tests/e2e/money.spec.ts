import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { DEMO_APPROVAL_POLICY } from '../../tools/devenv/demo-policy';
import { expect, rpc, test } from '../support/e2e/fixtures';
import {
  AuditScreen,
  ConfirmDialog,
  anApprovedWithdrawal,
  approveAPendingDeposit,
  compoundInvestmentsScreen,
  depositsScreen,
  investmentsScreen,
  money,
  openScreen,
  withdrawalsScreen
} from '../support/e2e/moneyPages';

// The demo data is seeded once per run and these tests change it, so each one picks its rows
// afresh (the first row in the state it needs) and never relies on what another test did.

const APPROVED_LOCKED = 'Cannot change status of an approved withdrawal.';
const REJECTED_LOCKED = 'Cannot change status of a rejected withdrawal: the amount was already returned to the customer.';
const SUCCESS_LOCKED = 'Cannot change status of a successful deposit: the customer has already been credited.';

test.describe('Deposits', () => {
  test('approving a pending deposit asks first, locks the row and credits the depositor once', async ({ signedIn, page }) => {
    const screen = await openScreen(signedIn, 'Manage Deposits', depositsScreen(page));
    await expect(screen.list.table.getByRole('columnheader')).toHaveText(['Email', 'Method', 'Amount', 'Timestamp', 'Status', 'Change Status']);
    const row = await screen.list.first({ status: 'pending', withCustomer: true });
    const amount = await row.amountCents();
    const email = await row.email();
    await expect(row.select).toHaveAccessibleName(`Change status for deposit from ${email}`);

    const panel = await row.openCustomer();
    const before = await panel.cents('Total deposit');
    await panel.close();

    await row.pick('success');
    const dialog = new ConfirmDialog(page);
    await expect(dialog.root).toContainText(`Mark this deposit of ${money(amount)} from ${email} as successful?`);
    await expect(dialog.root).toContainText('This cannot be undone.');
    await dialog.confirm('Mark successful');

    await expect(screen.toast(/^Deposit approved/)).toBeVisible();
    await expect(row.badge).toHaveText('Success');
    await expect(row.select).toBeDisabled();
    await expect(row.select).toHaveValue('success');
    await expect(row.lock(SUCCESS_LOCKED)).toBeVisible();
    await expect(await row.lockTooltip(SUCCESS_LOCKED)).toHaveText(SUCCESS_LOCKED);

    const after = await row.openCustomer();
    await expect(after.figure('Total deposit')).toHaveText(money(before + amount));
  });

  test('cancelling the question changes nothing', async ({ signedIn, page }) => {
    const screen = await openScreen(signedIn, 'Manage Deposits', depositsScreen(page));
    const row = await screen.list.first({ status: 'pending' });
    await row.pick('success');
    await new ConfirmDialog(page).cancel();
    await expect(row.select).toHaveValue('pending');
    await expect(row.badge).toHaveText('Pending');
    await expect(row.select).toBeEnabled();
  });
});

test.describe('Withdrawals', () => {
  test('rejecting a pending withdrawal refunds its amount to the balance and locks it', async ({ signedIn, page }) => {
    const screen = await openScreen(signedIn, 'Manage Withdrawals', withdrawalsScreen(page));
    await expect(screen.list.table.getByRole('columnheader')).toHaveText([
      'Email',
      'Amount',
      'Crypto Type',
      'Wallet Address',
      'Status',
      'Change Status',
      'Created At'
    ]);
    const row = await screen.list.first({ status: 'pending', withCustomer: true });
    const amount = await row.amountCents();
    const email = await row.email();

    const panel = await row.openCustomer();
    const balance = await panel.cents('Balance');
    await panel.close();

    await row.pick('rejected');
    const dialog = new ConfirmDialog(page);
    await expect(dialog.root).toContainText(`Reject this withdrawal of ${money(amount)} from ${email}?`);
    await dialog.reason('Did not meet the required conditions');
    await dialog.confirm('Reject withdrawal');

    await expect(screen.toast('Withdrawal rejected, amount added back to user balance.')).toBeVisible();
    await expect(row.badge).toHaveText('Rejected');
    await expect(row.select).toBeDisabled();
    await expect(row.lock(REJECTED_LOCKED)).toBeVisible();

    const after = await row.openCustomer();
    await expect(after.figure('Balance')).toHaveText(money(balance + amount));
  });

  test('an approved withdrawal is locked and says why; the API refuses to change it', async ({ signedIn, page, request, app }) => {
    const screen = await openScreen(signedIn, 'Manage Withdrawals', withdrawalsScreen(page));
    const row = await screen.list.firstLocked('approved');
    await expect(row.select).toBeDisabled();
    await expect(row.lock(APPROVED_LOCKED)).toBeVisible();
    await expect(await row.lockTooltip(APPROVED_LOCKED)).toHaveText(APPROVED_LOCKED);

    const approved = await anApprovedWithdrawal(request, app);
    for (const status of ['pending', 'rejected'] as const) {
      const answer = await rpc(request, app, 'withdrawals.setStatus', { id: approved.id, status, operationId: randomUUID() });
      expect(answer.ok).toBe(false);
      expect(answer.error).toEqual({ code: 'CONFLICT', message: APPROVED_LOCKED });
    }
  });

  test('the wallet address is shortened, whole on hover, and copied by its button', async ({ signedIn, page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const screen = await openScreen(signedIn, 'Manage Withdrawals', withdrawalsScreen(page));
    const row = screen.list.row(0, await screen.list.columns());
    const cell = row.cell('Wallet Address');
    const full = await cell.locator('[title]').first().getAttribute('title');
    expect(full).toBeTruthy();
    await expect(cell).toContainText('…');
    await cell.getByRole('button', { name: 'Copy wallet address' }).click();
    await expect(screen.toast('Wallet address copied.')).toBeVisible();
    // The page's own clipboard, read in the browser (the test's tsconfig has no DOM types).
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(full);
  });
});

test.describe('Investments', () => {
  test('an investment status change is asked with its preview and an optional note', async ({ signedIn, page }) => {
    const screen = await openScreen(signedIn, 'Manage Investments', investmentsScreen(page));
    await expect(screen.list.table.getByRole('columnheader')).toHaveText([
      'Email',
      'Plan',
      'ROI (%)',
      'Duration',
      'Amount',
      'Created At',
      'Matures',
      'ROI Due',
      'Status',
      'Change Status'
    ]);
    const row = screen.list.row(0, await screen.list.columns());
    const next = (await row.select.inputValue()) === 'completed' ? 'active' : 'completed';
    await row.pick(next);
    const dialog = new ConfirmDialog(page);
    await expect(dialog.preview).toContainText('No customer figure changes.');
    await dialog.note('Customer asked to close it early.');
    await dialog.confirm(next === 'active' ? 'Set Active' : 'Set Completed');
    await expect(row.badge).toHaveText(next === 'active' ? 'Active' : 'Completed');
    await expect(row.select).toHaveValue(next);
    await expect(row.select).toBeEnabled();
  });

  test('a compound investment status changes from its own tab', async ({ signedIn, page }) => {
    const screen = await openScreen(signedIn, 'Manage Investments', compoundInvestmentsScreen(page), 'Compound investments');
    await expect(page).toHaveURL(/\/cmdinvestments$/);
    await expect(screen.list.table.getByRole('columnheader')).toHaveText(['Email', 'Plan', 'Amount', 'Pay Type', 'Status', 'Start', 'End', 'Actions']);
    const row = screen.list.row(0, await screen.list.columns());
    const next = (await row.select.inputValue()) === 'pending' ? 'active' : 'pending';
    await row.pick(next);
    await new ConfirmDialog(page).confirm(next === 'active' ? 'Set Active' : 'Set Pending');
    await expect(row.badge).toHaveText(next === 'active' ? 'Active' : 'Pending');
    await expect(row.select).toHaveValue(next);
  });
});

test.describe('Load More', () => {
  const screens = [
    { link: 'Manage Deposits', screen: depositsScreen },
    { link: 'Manage Withdrawals', screen: withdrawalsScreen },
    { link: 'Manage Investments', screen: investmentsScreen },
    { link: 'Manage Investments', screen: compoundInvestmentsScreen, tab: 'Compound investments' }
  ];
  for (const { link, screen: make, tab } of screens) {
    test(`adds the next 10 rows: ${tab ?? link}`, async ({ signedIn, page }) => {
      const screen = await openScreen(signedIn, link, make(page), tab);
      const { list } = screen;
      await expect.poll(() => list.rowCount()).toBe(10);
      await expect(list.count).toHaveText(/^Showing 10 of \d+/);
      await list.loadMore.click();
      await expect.poll(() => list.rowCount()).toBe(20);
      await expect(list.count).toHaveText(/^Showing 20 of \d+/);
    });
  }
});

test.describe('Audit log', () => {
  test('shows a deposit approval, and the kind filter narrows the list', async ({ signedIn, page, request, app }) => {
    const deposit = await approveAPendingDeposit(request, app);
    const audit = new AuditScreen(page);
    await audit.open(signedIn);
    await expect(audit.tab('Activity')).toHaveAttribute('aria-current', 'page');

    const entry = audit
      .entries()
      .filter({ hasText: `from ${deposit.email}: pending → success` })
      .first();
    await expect(entry).toBeVisible();
    await expect(entry).toContainText('Deposit');
    await expect(entry).toContainText(`deposits/${deposit.id}`);

    await audit.kind.selectOption({ label: 'Withdrawals' });
    await expect(page).toHaveURL(/[?&]kind=withdrawal\b/);
    await expect(audit.entries().filter({ hasText: `deposits/${deposit.id}` })).toHaveCount(0);

    await audit.kind.selectOption({ label: 'Deposits' });
    await expect(page).toHaveURL(/[?&]kind=deposit\b/);
    await expect(
      audit
        .entries()
        .filter({ hasText: `deposits/${deposit.id}` })
        .first()
    ).toBeVisible();

    await audit.kind.selectOption({ label: 'All activity' });
    await expect(page).not.toHaveURL(/kind=/);
  });

  test('the e-mail queue shows the e-mails a decision queued', async ({ signedIn, page, request, app }) => {
    const deposit = await approveAPendingDeposit(request, app);
    const audit = new AuditScreen(page);
    await audit.open(signedIn);
    await audit.tab('E-mail queue').click();
    await expect(page).toHaveURL(/[?&]tab=mail\b/);
    await expect(audit.tab('E-mail queue')).toHaveAttribute('aria-current', 'page');
    for (const state of ['Queued', 'Sending', 'Sent', 'Failed'] as const) {
      await expect(audit.count(state)).toContainText(/\d/);
    }
    const email = audit
      .entries()
      .filter({ hasText: deposit.email ?? '' })
      .filter({ hasText: 'Investment Successfully Activated' })
      .first();
    await expect(email).toBeVisible();
    await expect(email).toContainText(/Queued|Sending|Sent|Failed/);
  });
});

test.describe('Review queues', () => {
  const localDay = (iso: string) => {
    const d = new Date(iso);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  };

  test('the Pending tab of withdrawals is the queue: oldest first, and an approved one leaves it', async ({ signedIn, page }) => {
    const screen = await openScreen(signedIn, 'Manage Withdrawals', withdrawalsScreen(page));
    const { filters, list } = screen;
    await expect(filters.tab('All')).toHaveAttribute('aria-current', 'page');
    const pending = await filters.tabCount('Pending');
    expect(pending).toBeGreaterThan(1);

    await filters.tab('Pending').click();
    await expect(page).toHaveURL(/[?&]status=pending\b/);
    await expect(page).not.toHaveURL(/order=/);
    await expect(filters.tab('Pending')).toHaveAttribute('aria-current', 'page');
    await expect(filters.order).toHaveValue('oldest');
    await expect(list.table).toHaveAccessibleName('Withdrawals, oldest first');
    await expect(list.count).toHaveText(new RegExp(`^Showing \\d+ of ${pending} `));
    await list.loaded();
    const dates = await list.rows.locator('time').evaluateAll((times) => times.map((t) => t.getAttribute('datetime') ?? ''));
    expect(dates.length).toBeGreaterThan(1);
    expect([...dates].sort()).toEqual(dates);
    await expect(list.rows.getByRole('cell').filter({ hasText: /^(Approved|Rejected)$/ })).toHaveCount(0);
    await page.screenshot({ path: 'screenshots/withdrawals-pending-queue.png', fullPage: true });

    // The oldest one administrator approves alone: the demo's policy puts $1,000.00 or more to a second one.
    const oldest = await list.first({ status: 'pending', under: DEMO_APPROVAL_POLICY.withdrawalAtLeast });
    expect(await oldest.amountCents()).toBeLessThan(DEMO_APPROVAL_POLICY.withdrawalAtLeast * 100);
    const email = await oldest.email();
    const amount = await oldest.amountCents();
    const approvedAt = await oldest.root.locator('time').getAttribute('datetime');
    await oldest.pick('approved');
    const dialog = new ConfirmDialog(page);
    await expect(dialog.root).toContainText(`Approve this withdrawal of ${money(amount)} to ${email}?`);
    await dialog.confirm('Approve withdrawal');
    await expect(screen.toast(/^Withdrawal approved/)).toBeVisible();
    await expect(filters.tab('Pending')).toHaveText(new RegExp(`^Pending\\s*${pending - 1}$`));
    // It leaves the queue: the list now holds only what is still pending.
    await expect(list.rows.locator(`time[datetime="${approvedAt}"]`)).toHaveCount(0);
  });

  test('deposits filtered by a customer and dates survive a reload and export exactly that view', async ({ signedIn, page, request, app }) => {
    const all = await rpc(request, app, 'deposits.list', { pageSize: 500 });
    const rows = (all.value as { rows: { id: string; userId: string | null; email: string | null; timestamp: string | null }[] }).rows;
    const byCustomer = new Map<string, typeof rows>();
    for (const row of rows) if (row.userId && row.email && row.timestamp) byCustomer.set(row.userId, [...(byCustomer.get(row.userId) ?? []), row]);
    const [, theirs] = [...byCustomer.entries()].filter(([, r]) => new Set(r.map((x) => localDay(x.timestamp!))).size >= 3)[0]!;
    const email = theirs[0]!.email!;
    const days = [...new Set(theirs.map((r) => localDay(r.timestamp!)))].sort();
    const [from, to] = [days[1]!, days.at(-1)!];
    const expected = theirs
      .filter((r) => localDay(r.timestamp!) >= from && localDay(r.timestamp!) <= to)
      .map((r) => r.id)
      .sort();

    const screen = await openScreen(signedIn, 'Manage Deposits', depositsScreen(page));
    const { filters, list } = screen;
    await filters.pickCustomer(email, email);
    await expect(page).toHaveURL(/[?&]customer=/);
    await filters.dates(from, to);
    await expect(page).toHaveURL(new RegExp(`from=${from}.*to=${to}`));
    await expect(filters.zone).toContainText(/^· Times in (UTC|\S+ \(UTC[+-]\d\d:\d\d\))$/);
    await expect(list.count).toHaveText(new RegExp(`^Showing ${expected.length} of ${expected.length} `));

    await page.reload();
    await expect(filters.customerChip).toContainText(email);
    await expect(filters.from).toHaveValue(from);
    await expect(filters.to).toHaveValue(to);
    await expect(list.count).toHaveText(new RegExp(`^Showing ${expected.length} of ${expected.length} `));
    for (const cell of await list.rows.locator('td:first-child').all()) await expect(cell).toContainText(email);
    await page.screenshot({ path: 'screenshots/deposits-filtered.png', fullPage: true });

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`deposits-${email.replace(/[^A-Za-z0-9@._-]+/g, '-')}-${from}-to-${to}.csv`);
    const text = await readFile(await download.path(), 'utf8');
    const [header, ...exported] = Papa.parse<string[]>(text.replace(/^\ufeff/, ''), { skipEmptyLines: true }).data;
    expect(exported.map((r) => r[header!.indexOf('ID')]).sort()).toEqual(expected);
    // The time column names the zone its times are written in ("Timestamp (UTC)").
    const timestamp = header!.findIndex((name) => name.startsWith('Timestamp ('));
    expect(timestamp).toBeGreaterThanOrEqual(0);
    for (const row of exported) {
      expect(row[header!.indexOf('Email')]).toBe(email);
      const day = localDay(row[timestamp]!);
      expect(day >= from && day <= to, `${day} within ${from}..${to}`).toBe(true);
    }
  });

  test('Largest amount first cannot be combined with dates: the choice is disabled and says why', async ({ signedIn, page }) => {
    const screen = await openScreen(signedIn, 'Manage Deposits', depositsScreen(page));
    const { filters, list } = screen;
    const reason = /Largest first cannot be combined with dates/;
    await filters.from.fill('2026-01-01');
    await expect(filters.order.locator('option[value="largest"]')).toBeDisabled();
    await expect(page.getByText(/^Largest amount first is unavailable\./)).toContainText(reason);

    await filters.from.fill('');
    await expect(page).not.toHaveURL(/from=/);
    await filters.order.selectOption('largest');
    await expect(page).toHaveURL(/order=largest/);
    await expect(filters.from).toBeDisabled();
    await expect(filters.to).toBeDisabled();
    await expect(page.getByText(/^Dates are off with Largest amount first\./)).toContainText(reason);
    await list.loaded();
    const amounts = await list.rows.locator('td:nth-child(3)').allTextContents();
    const cents = amounts.map((a) => Math.round(Number(a.replace(/[^0-9.]/g, '')) * 100));
    expect([...cents].sort((a, b) => b - a)).toEqual(cents);
  });

  // Days are written as the administrator's computer writes them; this one writes them the British way.
  test.describe(() => {
    test.use({ locale: 'en-GB' });

    test('an empty result names its filters, and clearing one brings rows back', async ({ signedIn, page }) => {
      const screen = await openScreen(signedIn, 'Manage Deposits', depositsScreen(page));
      await page.goto(`${new URL(page.url()).origin}/deposits?status=pending&from=2001-01-01&to=2001-01-31`);
      await expect(screen.empty()).toHaveText('No pending deposits between 1 Jan and 31 Jan 2001.');
      await expect(page.getByRole('button', { name: 'Show all statuses' })).toBeVisible();
      await page.screenshot({ path: 'screenshots/deposits-empty-filtered.png', fullPage: true });
      await page.getByRole('button', { name: 'Clear dates' }).click();
      await expect(page).not.toHaveURL(/from=|to=/);
      await expect(page).toHaveURL(/status=pending/);
      await screen.list.loaded();
      await expect(screen.list.count).toHaveText(/^Showing 10 of \d+/);
    });
  });

  test('a deposit opened by id starts the list at it, highlighted, until "Show from the newest"', async ({ signedIn, page, request, app }) => {
    const listed = await rpc(request, app, 'deposits.list', { pageSize: 35 });
    const later = (listed.value as { rows: { id: string }[] }).rows[34]!;
    const screen = await openScreen(signedIn, 'Manage Deposits', depositsScreen(page));
    await page.goto(`${new URL(page.url()).origin}/deposits?focus=${later.id}`);
    const highlighted = screen.list.table.locator('tbody tr[aria-current="true"]');
    await expect(highlighted).toHaveCount(1);
    await expect(screen.list.rows.first()).toHaveAttribute('aria-current', 'true');
    await expect(highlighted).toBeInViewport();
    await expect(page.getByText('Showing from the deposit you opened')).toBeVisible();
    await page.getByRole('button', { name: 'Show from the newest' }).click();
    await expect(page).not.toHaveURL(/focus=/);
    await expect(highlighted).toHaveCount(0);
    await expect(screen.list.rows.first()).not.toHaveAttribute('aria-current', 'true');
  });

  test("a row's e-mail links to the customer page, and its totals open from the button beside it", async ({ signedIn, page }) => {
    const screen = await openScreen(signedIn, 'Manage Withdrawals', withdrawalsScreen(page));
    const row = await screen.list.first({ status: 'pending', withCustomer: true });
    await expect(row.customerLink()).toHaveAttribute('href', /^\/users\/[^/?]+$/);
    const panel = await row.openCustomer();
    await expect(panel.root.getByRole('link', { name: 'Open customer page' })).toHaveAttribute('href', /^\/users\/[^/?]+$/);
    await panel.close();

    const compound = await openScreen(signedIn, 'Manage Investments', compoundInvestmentsScreen(page), 'Compound investments');
    const first = compound.list.row(0, await compound.list.columns());
    await expect(first.customerLink()).toHaveAttribute('href', /^\/users\/by-email\?email=/);
  });
});
