import { randomUUID } from 'node:crypto';
import { DEMO_ADMIN } from '../../tools/devenv/demo-accounts';
import { expect, test } from '../support/e2e/fixtures';
import { LiveSidebar, recordNotifications, removeWithdrawal, requestWithdrawal, setWithdrawalStatus } from '../support/e2e/livePages';

// Full-page pictures at 1440x900 for people to look at (screenshots/).
const shot = (name: string) => ({ path: `screenshots/${name}.png`, fullPage: true });

test.describe('live work', () => {
  test('a withdrawal requested elsewhere shows within 5 seconds: the pill, the sidebar count and a notification', async ({ page, loginPage, shell }) => {
    const notifications = await recordNotifications(page);
    await page.reload();
    await loginPage.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(shell.heading()).toHaveText('Dashboard');
    const live = new LiveSidebar(page);
    await page.goto(`${new URL(page.url()).origin}/withdrawals?status=pending`);
    await expect(shell.heading()).toHaveText('Withdrawals');
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    // The demo data has pending withdrawals, so the badge shows once the counts have come.
    await expect(live.pendingWithdrawals()).toBeVisible();
    const before = await live.pendingWithdrawalsCount();
    const firstRow = await page.getByRole('table').getByRole('row').nth(1).textContent();

    const id = `e2e-live-${randomUUID()}`;
    await requestWithdrawal(id, { email: 'live.tester@example.org', userId: 'e2e-live-tester', amount: 42.5 });
    try {
      await expect(live.newPill()).toHaveText('1 new - show', { timeout: 5_000 });
      await expect(live.pendingWithdrawals()).toHaveAttribute('title', `${before + 1} pending withdrawals`, { timeout: 5_000 });
      await page.screenshot(shot('live-new-pill'));
      await expect.poll(notifications, { timeout: 5_000 }).toEqual([{ title: 'New pending withdrawal', body: 'live.tester@example.org · $42.50' }]);
      // The rows under the cursor did not move.
      await expect(page.getByRole('table').getByRole('row').nth(1)).toHaveText(firstRow ?? '');

      await live.newPill().click();
      await expect(live.newPill()).toBeHidden();
      const inserted = page.getByRole('table').getByRole('row').filter({ hasText: 'live.tester@example.org' });
      await expect(inserted).toBeVisible();

      // Decided elsewhere: it fades out with the reason, then leaves the pending queue.
      await setWithdrawalStatus(id, 'rejected');
      await expect(inserted).toContainText('Now Rejected: it no longer matches this view.', { timeout: 5_000 });
      await page.screenshot(shot('live-leaving'));
      await expect(inserted).toBeHidden({ timeout: 10_000 });
    } finally {
      await removeWithdrawal(id);
    }
  });

  test('the notification settings are kept per kind', async ({ signedIn, page }) => {
    void signedIn;
    await page.getByRole('button', { name: 'Notifications' }).click();
    const dialog = page.getByRole('dialog', { name: 'Notifications' });
    const deposits = dialog.getByRole('switch', { name: /New pending deposits/ });
    await expect(deposits).toBeChecked();
    await page.screenshot(shot('notification-settings'));
    await deposits.click();
    await expect(deposits).not.toBeChecked();
    await page.reload();
    await page.getByRole('button', { name: 'Notifications' }).click();
    await expect(page.getByRole('dialog', { name: 'Notifications' }).getByRole('switch', { name: /New pending deposits/ })).not.toBeChecked();
    await page
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('switch', { name: /New pending deposits/ })
      .click();
    await expect(page.getByRole('dialog', { name: 'Notifications' }).getByRole('switch', { name: /New pending deposits/ })).toBeChecked();
  });
});
