import { DEMO_ADMIN, DEMO_CUSTOMER } from '../../tools/devenv/demo-accounts';
import { expect, rpc, test } from '../support/e2e/fixtures';

test.describe('Sign in', () => {
  test('the demo administrator lands on the Dashboard with real figures', async ({ loginPage, page, app, request }) => {
    await loginPage.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(page).toHaveURL(`${app.origin}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    await expect(page.getByText(DEMO_ADMIN.email)).toBeVisible();

    const summary = await rpc(request, app, 'dashboard.summary');
    const deposits = (summary.value as { deposits: { total: number } }).deposits.total;
    await expect(page.getByRole('region', { name: 'Deposits' })).toContainText(deposits.toLocaleString('en-US'));
  });

  test('shows "Logging in..." while the request is on its way', async ({ loginPage, page }) => {
    await page.route('**/rpc/session.signIn', async (route) => {
      await new Promise((done) => setTimeout(done, 700));
      await route.continue();
    });
    await loginPage.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(page.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  });

  test('a wrong password is explained in words', async ({ loginPage, page }) => {
    await loginPage.signIn(DEMO_ADMIN.email, 'not-the-password');
    await loginPage.expectError('The e-mail address or password is incorrect.');
    await expect(page).toHaveURL(/\/login/);
  });

  test('empty fields are refused without asking the server', async ({ loginPage, page }) => {
    let asked = false;
    page.on('request', (request) => {
      if (request.url().includes('/rpc/session.signIn')) asked = true;
    });
    await loginPage.submit.click();
    await loginPage.expectError('Email or password is empty');
    await loginPage.email.fill(DEMO_ADMIN.email);
    await loginPage.password.press('Enter');
    await loginPage.expectError('Email or password is empty');
    expect(asked).toBe(false);
  });

  test('a customer account is refused and signed out', async ({ loginPage, page, app, request }) => {
    await loginPage.signIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    await loginPage.expectError(/not a Ledgerdesk administrator \(it has no role\)/);
    await expect(page).toHaveURL(/\/login/);
    const session = await rpc(request, app, 'session.get');
    expect(session.value).toMatchObject({ user: null });
  });

  test('the password can be shown and hidden', async ({ loginPage, page }) => {
    await loginPage.password.fill('secret-value');
    await expect(loginPage.password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(loginPage.password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(loginPage.password).toHaveAttribute('type', 'password');
  });

  test('Remember me keeps the e-mail (not the password) for the next sign-in', async ({ loginPage, page, shell }) => {
    await loginPage.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password, { remember: true });
    await expect(shell.heading()).toHaveText('Dashboard');
    await shell.open('Logout');
    await expect(page).toHaveURL(/\/login/);
    await page.reload();
    await expect(loginPage.email).toHaveValue(DEMO_ADMIN.email);
    await expect(loginPage.password).toHaveValue('');
    await expect(loginPage.rememberMe).toBeChecked();

    await loginPage.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password, { remember: false });
    await expect(shell.heading()).toHaveText('Dashboard');
    await shell.open('Logout');
    await page.reload();
    await expect(loginPage.email).toHaveValue('');
  });
});
