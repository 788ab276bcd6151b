import { DashboardCard } from '../support/e2e/listPages';
import { BulkDialog } from '../support/e2e/bulkPages';
import { DueScreen, setPayouts } from '../support/e2e/duePages';
import { expect, rpc, test } from '../support/e2e/fixtures';
import { ConfirmDialog } from '../support/e2e/moneyPages';
import { toast } from '../support/e2e/settingsPages';

test.describe('Investments that mature and pay', () => {
  // Other tests find the platform as the demo starts it: paying matured investments elsewhere.
  test.afterEach(async ({ request, app }) => setPayouts(request, app, false));

  test('the dashboard card opens the Due tab; while the platform pays elsewhere nothing here pays', async ({ signedIn: _shell, page, request, app }) => {
    await setPayouts(request, app, false);
    await page.reload();
    const card = new DashboardCard(page, 'Investments due');
    await expect(card.root).toContainText(/\d/);
    const counted = await card.value();
    expect(counted).toBeGreaterThan(0);
    await expect(new DashboardCard(page, 'Owed at maturity').root).toContainText('$');
    await card.root.click();

    const due = new DueScreen(page);
    await due.loaded();
    expect(await due.total()).toBe(counted);
    await expect(due.notice).toBeVisible();
    await expect(due.payOut(0)).toHaveCount(0);
    // Every row says when it matured, how long ago, and what it owes.
    await expect(due.rows.first()).toContainText(/(\d+ days? overdue|Due today)/);
    await expect(due.table.getByRole('columnheader')).toHaveText(['Email', 'Plan', 'Amount', 'ROI (%)', 'ROI Due', 'Owed', 'Matured']);
  });

  test('turned on from Investment Plans, an investment is paid from its row, once', async ({ signedIn: shell, page, request, app }) => {
    // Two screens, a confirmation and a payout: on a loaded machine close to the default timeout.
    test.slow();
    await setPayouts(request, app, false);
    await shell.open('Investment Plans');
    const setting = page.getByRole('switch', { name: 'Ledgerdesk pays matured investments' });
    await expect(setting).not.toBeChecked();
    await setting.click();
    const confirm = new ConfirmDialog(page);
    await expect(confirm.root).toContainText('paid twice');
    await confirm.confirm('Turn on payouts');
    await expect(toast(page, 'Platform settings saved.')).toBeVisible();
    await expect(setting).toBeChecked();
    await expect(page.getByText(/^On: the Investments screen’s Due tab pays/)).toBeVisible();

    const due = new DueScreen(page);
    await due.open(shell);
    await expect(due.notice).toHaveCount(0);
    const before = await due.total();
    const email = await due.email(0);
    await due.payOut(0).click();
    const dialog = new ConfirmDialog(page);
    await expect(dialog.preview).toContainText('(principal and ROI)');
    await expect(dialog.preview).toContainText('Total earnings of');
    await expect(dialog.preview).toContainText(`${email}: investment completed e-mail`);
    await dialog.confirm('Pay out');
    await expect(toast(page, /^Investment paid out\./)).toBeVisible();
    await expect.poll(() => due.total()).toBe(before - 1);
  });

  test('two investments paid in bulk from the Due tab, each audited with what it moved', async ({ signedIn: shell, page, request, app }) => {
    await setPayouts(request, app, true);
    const due = new DueScreen(page);
    await due.open(shell);
    const before = await due.total();
    const audited = async () =>
      ((await rpc(request, app, 'audit.list', { kind: 'investment', pageSize: 500 })).value as { rows: { action: string }[] }).rows.filter(
        (row) => row.action === 'investment.payout'
      ).length;
    const paidBefore = await audited();

    // Selected on the page, paid through the same per-record path.
    await due.rows.nth(0).getByRole('checkbox').check();
    await due.rows.nth(1).getByRole('checkbox').check();
    await page.getByRole('region', { name: 'Selected rows' }).getByRole('button', { name: 'Pay out' }).click();
    const bulk = new BulkDialog(page);
    await expect(bulk.root.getByRole('heading', { name: 'Pay out 2 investments?' })).toBeVisible();
    await expect(bulk.changing).toHaveAccessibleName('Will change (2)');
    await expect(bulk.root.getByRole('region', { name: 'Money moved' })).toContainText('Balance (principal and ROI)');
    await bulk.root.getByRole('button', { name: 'Pay out 2' }).click();
    await expect(bulk.root.getByText('2 done, 0 refused.')).toBeVisible();
    await bulk.close();
    await expect.poll(() => due.total()).toBe(before - 2);
    // The audit trail carries what reconciliation sums.
    expect(await audited()).toBe(paidBefore + 2);
  });

  test('an investment cancelled and set back to active is paid only with an override reason: the dialog says why, bulk leaves it out', async ({
    signedIn: shell,
    page,
    request,
    app
  }) => {
    test.slow();
    await setPayouts(request, app, true);
    const due = (await rpc(request, app, 'investments.due', { pageSize: 2 })).value as { rows: { id: string; email: string | null }[] };
    const [reactivated, clean] = due.rows;
    if (!reactivated || !clean) throw new Error('The demo has fewer than two investments due.');
    for (const status of ['cancelled', 'active'] as const) {
      const set = await rpc(request, app, 'investments.setStatus', { id: reactivated.id, status, operationId: crypto.randomUUID() });
      expect(set.ok, JSON.stringify(set.error)).toBe(true);
    }
    const why = /^This investment was cancelled and set back to active on \d{1,2} \w+ \d{4}\.$/;

    const screen = new DueScreen(page);
    await screen.open(shell);
    // Bulk: the clean one is paid, the reactivated one is left out with the reason.
    await screen.rows.nth(0).getByRole('checkbox').check();
    await screen.rows.nth(1).getByRole('checkbox').check();
    await page.getByRole('region', { name: 'Selected rows' }).getByRole('button', { name: 'Pay out' }).click();
    const bulk = new BulkDialog(page);
    await expect(bulk.changing).toHaveAccessibleName('Will change (1)');
    await expect(bulk.cannot).toContainText('Paying out this investment needs an override reason. This investment was cancelled and set back to active on');
    await bulk.root.getByRole('button', { name: 'Cancel' }).click();
    await expect(bulk.root).toBeHidden();

    // One by one: the dialog names why and asks for the override reason, then pays with it.
    await screen.payOut(0).click();
    const dialog = new ConfirmDialog(page);
    await expect(dialog.root.getByText('This needs an override reason to go ahead.')).toBeVisible();
    await expect(dialog.root.getByRole('listitem').filter({ hasText: why })).toBeVisible();
    const reason = dialog.root.getByLabel('Override reason');
    await expect(reason).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('payout-override-reason.png') });
    const given = 'Cancelled by mistake; the customer confirmed the deposit by phone.';
    await reason.fill(given);
    await expect(dialog.preview).toContainText('(principal and ROI)');
    await page.screenshot({ path: test.info().outputPath('payout-override-given.png') });
    await dialog.confirm('Pay out with override');
    await expect(toast(page, /^Investment paid out\./)).toBeVisible();
    const audit = (await rpc(request, app, 'audit.list', { kind: 'investment', pageSize: 50 })).value as {
      rows: { action: string; entityPath: string; overrideReason: string | null }[];
    };
    expect(audit.rows.find((row) => row.action === 'investment.payout' && row.entityPath === `investments/${reactivated.id}`)?.overrideReason).toBe(given);
  });
});
