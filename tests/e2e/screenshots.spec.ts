import { DEMO_ADMIN } from '../../scripts/demo-accounts';
import { expect, test } from './support/fixtures';

// Full-page pictures at 1440x900 with the demo data, for people to look at (screenshots/).
const shot = (name: string) => ({ path: `screenshots/${name}.png`, fullPage: true });

test('screenshots of the sign-in page and the Dashboard', async ({ loginPage, page }) => {
  await page.screenshot(shot('login'));
  await loginPage.signIn(DEMO_ADMIN.email, 'wrong-password');
  await loginPage.expectError('incorrect');
  await page.screenshot(shot('login-error'));
  await loginPage.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await expect(page.getByRole('region', { name: 'Deposits' })).toContainText('$');
  await page.screenshot(shot('dashboard'));
  await page.getByRole('link', { name: 'Manage Users', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage Users');
  await page.screenshot(shot('users-placeholder'));
});

test('screenshots of the money screens and the audit log', async ({ signedIn: shell, page }) => {
  const table = page.getByRole('table');
  const loaded = async (heading: string) => {
    await expect(shell.heading()).toHaveText(heading);
    await expect(table.locator('tbody tr').first().getByRole('combobox')).toBeVisible();
  };

  await shell.open('Manage Deposits');
  await loaded('Deposits');
  await page.screenshot(shot('deposits'));
  const pending = table.locator('tbody tr').filter({ has: page.locator('select:enabled option[value="pending"]:checked') }).first();
  await pending.getByRole('cell').first().getByRole('button').click();
  await expect(page.getByRole('dialog').locator('dl')).not.toHaveAttribute('aria-busy', 'true');
  await page.screenshot(shot('deposits-customer'));
  await page.keyboard.press('Escape');
  await pending.getByRole('combobox').selectOption('success');
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await page.screenshot(shot('deposits-confirm'));
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

  await shell.open('Manage Withdrawals');
  await loaded('Withdrawals');
  await page.getByRole('img', { name: 'Cannot change status of an approved withdrawal.' }).first().hover();
  await expect(page.getByRole('tooltip')).toBeVisible();
  await page.screenshot(shot('withdrawals'));

  await shell.open('Manage Investments');
  await loaded('Investments');
  await page.screenshot(shot('investments'));
  await page.getByRole('link', { name: 'Compound investments' }).click();
  await loaded('All Compound Investments');
  await page.screenshot(shot('compound-investments'));

  await shell.open('Audit log');
  await expect(shell.heading()).toHaveText('Audit log');
  // Run alone, the log can be empty; after the money tests it has their entries.
  await expect(page.getByText(/^(Showing \d+|No activity yet$)/)).toBeVisible();
  await page.screenshot(shot('audit-activity'));
  await page.getByRole('link', { name: 'E-mail queue' }).click();
  await expect(page.getByText(/^(Showing \d+|No e-mails yet$)/)).toBeVisible();
  await page.screenshot(shot('audit-mail'));
});
