import { expect, test } from './support/fixtures';

const screens: Array<[link: string, path: string, title: string]> = [
  ['Manage Users', '/users', 'Manage Users'],
  ['Manage Deposits', '/deposits', 'Deposits'],
  ['Manage Investments', '/investments', 'Investments'],
  ['Manage Withdrawals', '/withdrawals', 'Withdrawals'],
  ['Investment Plans', '/Settings', 'Manage Investment Plans'],
  ['Webmail', '/sendmail', 'Send Email to User'],
  ['Wallet address', '/walletsettings', 'Admin Wallet Addresses'],
  ['Referrals', '/referrals', 'Admin Referral Dashboard'],
  ['Dashboard', '/', 'Dashboard']
];

test.describe('Navigation', () => {
  test('every sidebar link reaches its page and is highlighted there', async ({ signedIn: shell, page, app }) => {
    for (const [link, path, title] of screens) {
      await shell.open(link);
      await expect(page).toHaveURL(`${app.origin}${path}`);
      await expect(shell.heading()).toHaveText(title);
      await expect(shell.link(link)).toHaveAttribute('aria-current', 'page');
      await expect(shell.nav.locator('[aria-current="page"]')).toHaveCount(1);
    }
  });

  test('compound investments are reachable from Investments', async ({ signedIn: shell, page, app }) => {
    await shell.open('Manage Investments');
    await page.getByRole('link', { name: /compound investments/i }).click();
    await expect(page).toHaveURL(`${app.origin}/cmdinvestments`);
    await expect(shell.heading()).toHaveText('All Compound Investments');
  });

  test('a visitor who is not signed in is sent to the sign-in page, and back after signing in', async ({ page, app }) => {
    await page.goto(app.url.replace('/?', '/walletsettings?'));
    await expect(page).toHaveURL(/\/login/);
    await page.getByLabel('E-mail').fill('admin@ledgerdesk.test');
    await page.getByLabel('Password', { exact: true }).fill('ledgerdesk-admin');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(`${app.origin}/walletsettings`);
  });

  test('/logout signs out', async ({ signedIn: shell, page }) => {
    await shell.open('Logout');
    await expect(page).toHaveURL(/\/login/);
    await page.goto(page.url().replace(/\/login.*/, '/users'));
    await expect(page).toHaveURL(/\/login/);
  });
});
