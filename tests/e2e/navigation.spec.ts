import { expect, test } from '../support/e2e/fixtures';

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

  test('the sign-in page loads only its own code; a sidebar link fetches its screen on hover, before the click', async ({ page, app }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname.replace(/^.*\//, ''));
    });
    await page.goto(app.url.replace('/?', '/login?'));
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    expect(scripts.some((s) => s.startsWith('LoginPage-'))).toBe(true);
    for (const screen of ['AdminLayout-', 'DashboardPage-', 'CustomersPage-', 'DepositsPage-', 'AuditPage-']) {
      expect(
        scripts.filter((s) => s.startsWith(screen)),
        `${screen} on the sign-in page`
      ).toEqual([]);
    }

    await page.getByLabel('E-mail').fill('admin@ledgerdesk.test');
    await page.getByLabel('Password', { exact: true }).fill('ledgerdesk-admin');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    expect(scripts.some((s) => s.startsWith('WalletsPage-'))).toBe(false);

    const shell = page.getByRole('navigation', { name: 'Main' });
    const fetched = page.waitForRequest((r) => /\/WalletsPage-[\w-]+\.js$/.test(r.url()));
    await shell.getByRole('link', { name: 'Wallet address', exact: true }).hover();
    await fetched; // on hover, not on the click
    await shell.getByRole('link', { name: 'Wallet address', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Wallet Addresses');
    expect(scripts.filter((s) => s.startsWith('WalletsPage-'))).toHaveLength(1);
  });

  test('a screen reached by keyboard focus is fetched on focus too', async ({ signedIn: shell, page }) => {
    const fetched = page.waitForRequest((r) => /\/ReferralsPage-[\w-]+\.js$/.test(r.url()));
    await shell.link('Referrals').focus();
    await fetched;
    await page.keyboard.press('Enter');
    await expect(shell.heading()).toHaveText('Admin Referral Dashboard');
  });

  test('/logout signs out', async ({ signedIn: shell, page }) => {
    await shell.open('Logout');
    await expect(page).toHaveURL(/\/login/);
    await page.goto(page.url().replace(/\/login.*/, '/users'));
    await expect(page).toHaveURL(/\/login/);
  });
});
