import { DEMO_ADMIN } from '../../tools/devenv/demo-accounts';
import { startWebApp, type WebApp } from '../support/e2e/webApp';
import { LoginPage, Shell } from '../support/e2e/pages';
import { expect, test } from '../support/e2e/fixtures';

// Its own server with a 20-second idle timeout: the warning shows from 10 s to 20 s, a window a busy
// machine (the whole suite sharing two cores) cannot miss the way it could miss 3 s.
test.describe('Inactivity sign-out, warned first', () => {
  let app: WebApp;
  test.beforeAll(async () => {
    app = await startWebApp({ LEDGERDESK_IDLE_MS: '20000' });
  });
  test.afterAll(async () => app?.stop());

  test('warns, then signs out and says why', async ({ page }) => {
    await page.goto(app.url);
    const login = new LoginPage(page);
    await login.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const shell = new Shell(page);
    await expect(shell.heading()).toHaveText('Dashboard');

    const warning = page.getByRole('alertdialog');
    await expect(warning).toBeVisible({ timeout: 20_000 });
    await expect(warning).toContainText(/signed out/i);
    await page.screenshot({ path: 'screenshots/idle-warning.png', fullPage: true });

    await expect(page).toHaveURL(/\/login/, { timeout: 20_000 });
    await expect(page.getByRole('status').filter({ hasText: 'signed out' })).toContainText('20 seconds without activity');
    await page.screenshot({ path: 'screenshots/login-after-idle.png', fullPage: true });
  });
});

// Its own server with a 6-second idle timeout, so 8 seconds of activity outlast it.
test.describe('Inactivity sign-out, kept off by activity', () => {
  let app: WebApp;
  test.beforeAll(async () => {
    app = await startWebApp({ LEDGERDESK_IDLE_MS: '6000' });
  });
  test.afterAll(async () => app?.stop());

  test('activity keeps the administrator signed in', async ({ page }) => {
    await page.goto(app.url);
    await new LoginPage(page).signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const shell = new Shell(page);
    await expect(shell.heading()).toHaveText('Dashboard');
    for (let i = 0; i < 8; i++) {
      await page.mouse.move(100 + i * 10, 200);
      await page.keyboard.press('Shift');
      await page.waitForTimeout(1000);
    }
    await expect(shell.heading()).toHaveText('Dashboard');
    await expect(page).not.toHaveURL(/\/login/);
  });
});
