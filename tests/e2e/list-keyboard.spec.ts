import { DEMO_ADMIN } from '../../tools/devenv/demo-accounts';
import { customerDoc, putCustomers, putPendingRequests, removeTestCustomer, withFirestore, type TestCustomer } from '../support/e2e/customerPages';
import { expect, test } from '../support/e2e/fixtures';
import { ConfirmDialog, depositsScreen } from '../support/e2e/moneyPages';
import type { Page } from '@playwright/test';

const run = Date.now().toString(36);
const who: TestCustomer = { id: `e2e-keys-${run}`, fullname: `Kim Keys ${run}`, email: `kim.keys.${run}@example.org` };
// The approval credited a customer of this spec's own: nothing of it may stay in the demo figures.
test.afterAll(() => removeTestCustomer(who));

/** Presses Tab until a table row has the focus (the rows are one tab stop), at most `limit` times. */
async function tabToRow(page: Page, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if ((await page.locator('tr:focus').count()) > 0) return;
  }
  throw new Error('Tab never reached a row of the table.');
}

test('a deposit is approved with the keyboard alone: Tab to its row, s, then confirm', async ({ loginPage, page }) => {
  await putCustomers([[who, customerDoc(who)]]);
  await putPendingRequests(who, { deposits: 1, withdrawals: 0 });
  // Signing in and every step after it without the mouse.
  await loginPage.email.fill(DEMO_ADMIN.email);
  await loginPage.password.fill(DEMO_ADMIN.password);
  await loginPage.password.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await page.goto(`${new URL(page.url()).origin}/deposits?customer=${who.id}`);
  const screen = depositsScreen(page);
  await expect.poll(() => screen.list.rowCount()).toBe(1);

  await tabToRow(page);
  const row = screen.list.rows.first();
  await expect(row).toBeFocused();
  await expect(row).toHaveAttribute('title', /s: Success/);
  await page.keyboard.press('j');
  await expect(row).toBeFocused();
  await page.screenshot({ path: 'screenshots/list-keyboard-focused-row.png', fullPage: true });

  await page.keyboard.press('s');
  const dialog = new ConfirmDialog(page);
  await expect(dialog.root).toContainText(`Mark this deposit of $100.00 from ${who.email} as successful?`);
  await expect(dialog.preview).toBeVisible();
  // Cancel has the focus first; the next stop is the decision.
  await page.keyboard.press('Tab');
  await expect(dialog.root.getByRole('button', { name: 'Mark successful' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.root).toBeHidden();

  await expect(row.getByRole('cell').filter({ hasText: /^Success$/ })).toBeVisible();
  const stored = await withFirestore(async (db) => (await db.collection('deposits').doc(`${who.id}-deposit-0`).get()).get('status'));
  expect(stored).toBe('success');
});
