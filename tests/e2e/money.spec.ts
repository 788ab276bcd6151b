import { randomUUID } from 'node:crypto';
import { expect, rpc, test } from './support/fixtures';
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
} from './support/moneyPages';

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
  test('an investment status changes at once, without a question', async ({ signedIn, page }) => {
    const screen = await openScreen(signedIn, 'Manage Investments', investmentsScreen(page));
    await expect(screen.list.table.getByRole('columnheader')).toHaveText([
      'Email',
      'Plan',
      'ROI (%)',
      'Duration',
      'Amount',
      'Created At',
      'Status',
      'Change Status'
    ]);
    const row = screen.list.row(0, await screen.list.columns());
    const next = (await row.select.inputValue()) === 'completed' ? 'active' : 'completed';
    await row.pick(next);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(row.badge).toHaveText(next === 'active' ? 'Active' : 'Completed');
    await expect(row.select).toHaveValue(next);
    await expect(row.select).toBeEnabled();
  });

  test('a compound investment status changes from its own tab', async ({ signedIn, page }) => {
    const screen = await openScreen(signedIn, 'Manage Investments', compoundInvestmentsScreen(page), 'Compound investments');
    await expect(page).toHaveURL(/\/cmdinvestments$/);
    await expect(screen.list.table.getByRole('columnheader')).toHaveText([
      'Email',
      'Plan',
      'Amount',
      'Pay Type',
      'Status',
      'Start',
      'End',
      'Actions'
    ]);
    const row = screen.list.row(0, await screen.list.columns());
    const next = (await row.select.inputValue()) === 'pending' ? 'active' : 'pending';
    await row.pick(next);
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

    const entry = audit.entries().filter({ hasText: `from ${deposit.email}: pending → success` }).first();
    await expect(entry).toBeVisible();
    await expect(entry).toContainText('Deposit');
    await expect(entry).toContainText(`deposits/${deposit.id}`);

    await audit.kind.selectOption({ label: 'Withdrawals' });
    await expect(page).toHaveURL(/[?&]kind=withdrawal\b/);
    await expect(audit.entries().filter({ hasText: `deposits/${deposit.id}` })).toHaveCount(0);

    await audit.kind.selectOption({ label: 'Deposits' });
    await expect(page).toHaveURL(/[?&]kind=deposit\b/);
    await expect(audit.entries().filter({ hasText: `deposits/${deposit.id}` }).first()).toBeVisible();

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
    const email = audit.entries().filter({ hasText: deposit.email ?? '' }).filter({ hasText: 'Investment Successfully Activated' }).first();
    await expect(email).toBeVisible();
    await expect(email).toContainText(/Queued|Sending|Sent|Failed/);
  });
});
