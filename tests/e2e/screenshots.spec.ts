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
