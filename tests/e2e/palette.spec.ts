import type { DepositRow } from '../../src/shared/contract';
import { DEMO_CUSTOMER } from '../../tools/devenv/demo-accounts';
import { expect, rpc, test } from '../support/e2e/fixtures';
import { FindBox } from '../support/e2e/findPage';
import { Palette } from '../support/e2e/palettePage';
import { toast } from '../support/e2e/settingsPages';

const shot = (name: string) => ({ path: `screenshots/${name}.png`, fullPage: true });

test("Ctrl K opens the palette, even from a field; a screen's name and Enter go there; Esc gives the focus back", async ({ signedIn: shell, page }) => {
  const palette = new Palette(page);
  const find = new FindBox(page);
  await find.focusWithShortcut();
  await palette.open();
  await expect(palette.group('Go to').getByRole('option', { name: 'Manage Withdrawals' })).toBeVisible();
  await expect(palette.group('Go to').getByRole('option', { name: 'Sign out' })).toBeVisible();
  await page.screenshot(shot('palette-empty'));

  await page.keyboard.press('Escape');
  await expect(palette.dialog).toBeHidden();
  await expect(find.input).toBeFocused();

  await page.locator('body').press('ControlOrMeta+K');
  await page.keyboard.type('pending withdr');
  await expect(palette.highlighted()).toHaveText('Pending withdrawals');
  await page.keyboard.press('Enter');
  await expect(palette.dialog).toBeHidden();
  await expect(page).toHaveURL(/\/withdrawals\?status=pending$/);
  await expect(shell.heading()).toHaveText('Withdrawals');
});

test("part of a customer's name offers them, and Enter opens their page", async ({ signedIn: shell, page }) => {
  const palette = new Palette(page);
  await palette.open();
  await page.keyboard.type(DEMO_CUSTOMER.displayName.slice(0, 7));
  const customer = palette.group('Customers').getByRole('option').filter({ hasText: DEMO_CUSTOMER.displayName });
  await expect(customer).toContainText(DEMO_CUSTOMER.email);
  await expect(customer).toHaveAttribute('aria-selected', 'true');
  await page.screenshot(shot('palette-customers'));

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/users/${DEMO_CUSTOMER.uid}$`));
  await expect(shell.heading()).toContainText(DEMO_CUSTOMER.displayName);
});

test('a pasted deposit id offers the deposit, and Enter opens the deposits list with its row highlighted', async ({ signedIn: shell, page, request, app }) => {
  const rows = ((await rpc(request, app, 'deposits.list', { order: 'oldest', pageSize: 10 })).value as { rows: DepositRow[] }).rows;
  const deposit = rows.find((row) => row.email && row.amount !== null);
  if (!deposit) throw new Error('The demo data has no deposit with an amount and an e-mail.');

  const palette = new Palette(page);
  await palette.open();
  await palette.paste(deposit.id);
  const record = palette.group('Records').getByRole('option');
  await expect(record).toHaveCount(1);
  await expect(record).toContainText(`by ${deposit.email}`);
  await expect(record).toHaveAttribute('aria-selected', 'true');
  await page.screenshot(shot('palette-record'));

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/deposits\\?focus=${deposit.id}$`));
  await expect(shell.heading()).toHaveText('Deposits');
  const row = page.getByRole('table', { name: /^Deposits/ }).locator('tbody tr[aria-current="true"]');
  await expect(row).toContainText(deposit.email ?? '');
});

test('"Export CSV" is offered on a screen with an export and downloads the same file as the button', async ({ signedIn: shell, page }) => {
  const palette = new Palette(page);
  // Investment Plans has nothing to export: the palette does not offer it.
  await shell.open('Investment Plans');
  await expect(shell.heading()).toHaveText('Manage Investment Plans');
  await palette.open();
  await page.keyboard.type('export csv');
  await expect(palette.status).toContainText('No results for “export csv”');
  await page.keyboard.press('Escape');

  await shell.open('Manage Deposits');
  await expect(shell.heading()).toHaveText('Deposits');
  // Once the rows are in: until DataTable passes a stable empty array while loading, a re-render then never settles.
  await expect(
    page
      .getByRole('table', { name: /^Deposits/ })
      .locator('tbody tr')
      .first()
      .getByRole('combobox')
  ).toBeVisible();
  await palette.open();
  await page.keyboard.type('export');
  await expect(palette.highlighted()).toContainText('Export CSV');
  await expect(palette.highlighted()).toContainText('Deposits, as filtered on this screen');
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^deposits-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(toast(page, 'Exported 200 rows.')).toBeVisible();
});

test('? lists every shortcut, Ctrl K among them; Esc closes it', async ({ signedIn, page }) => {
  await expect(signedIn.heading()).toHaveText('Dashboard');
  const palette = new Palette(page);
  await palette.showShortcuts();
  await expect(palette.shortcuts).toContainText('Open the command palette');
  await expect(palette.shortcuts).toContainText('Ctrl K');
  const deposits = palette.shortcuts.getByRole('heading', { name: 'Deposits' }).locator('..');
  await expect(deposits).toHaveText(/^Deposits\s*Pending\s*p\s*Success\s*s\s*Failed\s*f$/);
  await page.screenshot(shot('shortcuts'));
  await page.keyboard.press('Escape');
  await expect(palette.shortcuts).toBeHidden();
});

test('the sign-in page answers neither Ctrl K nor ?', async ({ loginPage, page }) => {
  await page.locator('body').press('ControlOrMeta+K');
  await page.locator('body').press('Shift+Slash');
  await expect(loginPage.submit).toBeVisible();
  // Nothing is to appear: give it the time it takes behind sign-in (well under this) before looking.
  await page.waitForTimeout(500);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
