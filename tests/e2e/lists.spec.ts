import { BulkBar, BulkDialog, selectPage } from '../support/e2e/bulkPages';
import { expect, rpc, test } from '../support/e2e/fixtures';
import { ColumnsDialog, SavedViews, pageSizeSelect } from '../support/e2e/listPages';
import { depositsScreen, openScreen, withdrawalsScreen } from '../support/e2e/moneyPages';
import { toast } from '../support/e2e/settingsPages';

test.describe('Lists sized for a day of work', () => {
  // Other tests find every list at the spec's 10 rows, with its own columns, and no saved view.
  test.afterEach(async ({ request, app }) => {
    for (const list of ['withdrawals', 'deposits'] as const) await rpc(request, app, 'pageSizes.set', { list, size: 10 });
    await rpc(request, app, 'columns.set', { list: 'deposits', layout: null });
    const views = (await rpc(request, app, 'views.list')).value as { views: { id: string }[] };
    for (const view of views.views) await rpc(request, app, 'views.delete', { id: view.id });
  });

  test('the page size is kept in the address and remembered per list', async ({ signedIn: shell, page }) => {
    const screen = await openScreen(shell, 'Manage Withdrawals', withdrawalsScreen(page));
    await expect(screen.list.rows).toHaveCount(10);
    await pageSizeSelect(page).selectOption('25');
    await expect(page).toHaveURL(/[?&]size=25/);
    await expect(screen.list.rows).toHaveCount(25);
    // Earlier tests add withdrawals to the demo's 150: the count is whatever the platform holds now.
    await expect(screen.list.count).toHaveText(/^Showing 25 of \d{3,} withdrawals/);

    // Another list keeps its own size; this one comes back at 25 without it in the address.
    const deposits = await openScreen(shell, 'Manage Deposits', depositsScreen(page));
    await expect(deposits.list.rows).toHaveCount(10);
    await openScreen(shell, 'Manage Withdrawals', screen);
    await expect(page).not.toHaveURL(/size=/);
    await expect(screen.list.rows).toHaveCount(25);
    await expect(pageSizeSelect(page)).toHaveValue('25');
  });

  test('every record matching the filters can be selected for one bulk decision', async ({ signedIn: shell, page }) => {
    // The summary previews every matching record (56 in the demo): on a loaded machine that alone takes 10 s.
    test.slow();
    const screen = await openScreen(shell, 'Manage Withdrawals', withdrawalsScreen(page));
    // The page, then every matching record (read 100 at a time), for one bulk decision.
    await screen.filters.tab('Pending').click();
    const pending = await screen.filters.tabCount('Pending');
    expect(pending).toBeGreaterThan(10);
    await screen.list.loaded();
    await selectPage(screen);
    const bar = new BulkBar(page);
    await expect(bar.root).toContainText('10 selected');
    await bar.root.getByRole('button', { name: `Select all ${pending} matching` }).click();
    await expect(bar.root).toContainText(`All ${pending} matching withdrawals are selected.`);
    await expect(bar.root).toContainText(`${pending} selected`);
    const dialog: BulkDialog = await bar.set('Rejected');
    // The summary is read 25 previews at a time and shown a page at a time.
    await expect(dialog.changing).toHaveAccessibleName(`Will change (${pending})`, { timeout: 60_000 });
    await expect(dialog.root.getByText(`1–25 of ${pending}`)).toBeVisible();
    await dialog.root.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.root.getByText(`26–${Math.min(50, pending)} of ${pending}`)).toBeVisible();
    await dialog.root.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog.root).toBeHidden();
    // Ticking a box by hand goes back to the boxes ticked.
    await screen.list.rows.first().getByRole('checkbox').uncheck();
    await expect(bar.root).toContainText('9 selected');
  });

  test('a saved view shows under its screen with its count, and is renamed and deleted there', async ({ signedIn: shell, page }) => {
    // Three screens and a dialog: on a loaded machine past the default timeout.
    test.slow();
    const screen = await openScreen(shell, 'Manage Withdrawals', withdrawalsScreen(page));
    await screen.filters.tab('Pending').click();
    await expect(page).toHaveURL(/status=pending/);
    const pending = await screen.filters.tabCount('Pending');
    const views = new SavedViews(page);
    await views.save('Pending withdrawals');
    await expect(toast(page, 'View "Pending withdrawals" saved.')).toBeVisible();
    expect(await views.count('Pending withdrawals')).toBe(pending);

    await page.goto(page.url().replace(/\/withdrawals.*$/, '/users?kyc=pending&order=oldest'));
    await expect(shell.heading()).toHaveText('Manage Users');
    await views.save('KYC to review');
    const kyc = Number((await page.getByRole('link', { name: /^KYC queue/ }).textContent())?.replace(/\D/g, ''));
    expect(await views.count('KYC to review')).toBe(kyc);

    await shell.open('Dashboard');
    await views.link('Pending withdrawals').click();
    await expect(shell.heading()).toHaveText('Withdrawals');
    await expect(screen.filters.tab('Pending')).toHaveAttribute('aria-current', 'page');

    await views.manage('Pending withdrawals').click();
    const manage = page.getByRole('dialog', { name: 'Rename or delete this view' });
    await manage.getByLabel('Name').fill('Withdrawal queue');
    await manage.getByRole('button', { name: 'Rename' }).click();
    await expect(views.link('Withdrawal queue')).toBeVisible();
    await views.manage('Withdrawal queue').click();
    await manage.getByRole('button', { name: 'Delete view' }).click();
    await expect(views.link('Withdrawal queue')).toHaveCount(0);
    await expect(views.link('KYC to review')).toBeVisible();
  });

  test('a column hidden on Deposits stays hidden after a reload, and a saved view keeps it', async ({ signedIn: shell, page }) => {
    // A dialog, a reload and two screens: on a loaded machine past the default timeout.
    test.slow();
    const screen = await openScreen(shell, 'Manage Deposits', depositsScreen(page));
    await screen.list.loaded();
    expect(await screen.list.columns()).toEqual(['Email', 'Method', 'Amount', 'Timestamp', 'Status', 'Change Status']);

    const columns = await new ColumnsDialog(page).open();
    await expect(columns.column('Email')).toBeDisabled();
    await columns.column('Method').uncheck();
    await expect(columns.said()).toHaveText('Method hidden.');
    await columns.root.getByRole('radio', { name: 'Compact' }).check();
    await columns.close();
    expect(await screen.list.columns()).toEqual(['Email', 'Amount', 'Timestamp', 'Status', 'Change Status']);

    // Kept on this computer: the list opens without it after a reload.
    await page.reload();
    await screen.list.loaded();
    expect(await screen.list.columns()).toEqual(['Email', 'Amount', 'Timestamp', 'Status', 'Change Status']);
    await expect(screen.list.table).toHaveAttribute('data-density', 'compact');

    // A view saved now keeps the list without Method, whatever the list shows later.
    const views = new SavedViews(page);
    await views.save('Deposits without method');
    await (await new ColumnsDialog(page).open()).root.getByRole('button', { name: 'Reset to default' }).click();
    await columns.close();
    expect(await screen.list.columns()).toEqual(['Email', 'Method', 'Amount', 'Timestamp', 'Status', 'Change Status']);
    await expect(screen.list.table).toHaveAttribute('data-density', 'comfortable');

    await shell.open('Dashboard');
    await views.link('Deposits without method').click();
    await expect(shell.heading()).toHaveText('Deposits');
    await screen.list.loaded();
    expect(await screen.list.columns()).toEqual(['Email', 'Amount', 'Timestamp', 'Status', 'Change Status']);
    await expect(screen.list.table).toHaveAttribute('data-density', 'compact');
  });

  test("a column widened by dragging its header's edge keeps its width after a reload", async ({ signedIn: shell, page }) => {
    const screen = await openScreen(shell, 'Manage Deposits', depositsScreen(page));
    await screen.list.loaded();
    const edge = page.getByRole('separator', { name: 'Width of Amount' });
    const before = Number(await edge.getAttribute('aria-valuenow'));
    const box = await edge.boundingBox();
    if (!box) throw new Error("The Amount header's edge is not on screen.");
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect(edge).toHaveAttribute('aria-valuenow', String(before + 80));
    const header = page.getByRole('columnheader', { name: 'Amount' });
    expect(Math.round((await header.boundingBox())?.width ?? 0)).toBe(before + 80);

    await page.reload();
    await screen.list.loaded();
    await expect(edge).toHaveAttribute('aria-valuenow', String(before + 80));
  });
});
