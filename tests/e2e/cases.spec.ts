import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { DEMO_ADMIN } from '../../tools/devenv/demo-accounts';
import { Timestamp } from 'firebase-admin/firestore';
import { CustomerScreen, demoCustomers } from '../support/e2e/customerPage';
import { customerDoc, putCustomers } from '../support/e2e/customerPages';
import { expect, rpc, test } from '../support/e2e/fixtures';
import { LoginPage, Shell } from '../support/e2e/pages';
import { toast } from '../support/e2e/settingsPages';
import { startWebApp, type WebApp } from '../support/e2e/webApp';

// A demo customer with withdrawals, so the note shows where their requests are decided too.
const customer = demoCustomers().find((c) => c.counts.withdrawals > 0)!;
const first = customer.fullname.split(' ')[0]!;

async function openRiskRules(page: Page) {
  await new Shell(page).open('Risk rules');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Risk rules');
  await expect(page.getByRole('button', { name: 'Save risk rules' })).toBeDisabled();
  // The rules as stored are not "unsaved changes".
  await expect(page.getByText('Unsaved changes. Saving is recorded in the audit log.')).toBeHidden();
}

async function blockAddress(page: Page, address: string, reason: string) {
  await page.getByLabel('Address to block').fill(address);
  await page.getByLabel('Reason').fill(reason);
  await page.getByRole('button', { name: 'Add to the list' }).click();
  await expect(page.getByRole('table', { name: 'Blocked addresses' }).getByText(address)).toBeVisible();
}

test.describe('Cases: notes and suspension', () => {
  test('a note is kept on the Notes tab and shown beside the next decision; suspending needs a reason, marks the customer, and lifts again', async ({
    signedIn: _shell,
    page
  }) => {
    // Two trips through the backend host (suspend, lift) besides the note: more than one default timeout on a busy machine.
    test.setTimeout(90_000);
    const screen = new CustomerScreen(page);
    await screen.goto(`/users/${customer.id}?tab=notes`);
    await expect(screen.heading).toHaveText(customer.fullname);
    await screen.open('Notes');

    const text = `Called ${first} on ${randomUUID().slice(0, 8)}: the new wallet is theirs.`;
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByText('Write the note first.')).toBeVisible();
    await page.getByLabel(`New note on ${first}`).fill(text);
    await page.getByRole('button', { name: 'Add note' }).click();
    const notes = await screen.rows(new RegExp(`^Notes on ${first}`));
    await expect(notes.first()).toContainText(text);
    await expect(notes.first()).toContainText(DEMO_ADMIN.email);
    await expect(page.getByLabel(`New note on ${first}`)).toHaveValue('');
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: 'screenshots/customer-notes.png', fullPage: true });

    // Suspend: the reason is required, the latest note is shown to whoever decides.
    await screen.button('Suspend').click();
    const dialog = page.getByRole('alertdialog', { name: `Suspend ${customer.fullname}?` });
    await expect(dialog.getByRole('region', { name: 'Latest note on the customer' })).toContainText(text);
    await dialog.getByRole('button', { name: 'Suspend customer' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Reason').fill('Sign-in from a new country and a new payout address.');
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: 'screenshots/suspend-dialog.png', fullPage: true });
    await dialog.getByRole('button', { name: 'Suspend customer' }).click();
    await expect(dialog).toBeHidden();
    await expect(screen.button('Lift suspension')).toBeVisible();
    await expect(page.getByText(/^Suspended.*cannot sign in/)).toBeVisible();
    await expect(page.getByText('Reason: Sign-in from a new country and a new payout address.')).toBeVisible();

    // Lifting takes its own reason and removes the mark.
    await screen.button('Lift suspension').click();
    const lift = page.getByRole('alertdialog', { name: `Lift the suspension of ${customer.fullname}?` });
    await lift.getByLabel('Reason').fill('Confirmed by video call.');
    await lift.getByRole('button', { name: 'Lift suspension' }).click();
    await expect(lift).toBeHidden();
    await expect(screen.button('Suspend')).toBeVisible();
    await expect(page.getByText(/^Suspended.*cannot sign in/)).toHaveCount(0);
  });
});

test.describe('KYC past its expiry date', () => {
  const LAPSED = { id: 'e2e-lapsed-kyc', fullname: 'Hester Lyall', email: 'hester.lyall@example.org' };
  const expiry = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);

  test('an approved KYC whose document expired is flagged on the page, counted on the dashboard and listed by the Expired filter', async ({
    signedIn: _shell,
    page
  }) => {
    await putCustomers([
      [
        LAPSED,
        customerDoc(LAPSED, {
          verified: true,
          kyc: { fullName: LAPSED.fullname, idType: 'Passport', idNumber: 'HL1029384', status: 'approved', expiryDate: Timestamp.fromDate(expiry) }
        })
      ]
    ]);
    // The dashboard's card counts it (asked again: the dashboard opened before the customer was written) and opens the list of them.
    await page.getByRole('button', { name: 'Refresh' }).click();
    const card = page.getByRole('link', { name: /^Expired KYC/ });
    await expect(card).toContainText(/[1-9]/);
    await card.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage Users');
    await expect(page).toHaveURL(/kyc=expired/);
    await expect(page.getByText('Listed by expiry date, expired longest ago first')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: LAPSED.email });
    await expect(row).toHaveCount(1);

    const screen = new CustomerScreen(page);
    await screen.goto(`/users/${LAPSED.id}`);
    await expect(screen.heading).toHaveText(LAPSED.fullname);
    await expect(page.getByText(/^Expired /)).toBeVisible();
    await page.screenshot({ path: 'screenshots/customer-kyc-expired.png', fullPage: true });
  });
});

test.describe('Access in the audit log', () => {
  test('signing in and out are audit entries with a filter of their own', async ({ signedIn: shell, page }) => {
    await shell.open('Audit log');
    await expect(shell.heading()).toHaveText('Audit log');
    await page.getByLabel('Kind').selectOption({ label: 'Sign-ins and access' });
    await expect(page).toHaveURL(/kind=access/);
    const entries = page.getByRole('table').first().locator('tbody tr');
    // This test's own sign-in is the newest entry; the sign-out before it is listed too.
    await expect(entries.first()).toContainText(`Signed in: ${DEMO_ADMIN.email}`);
    await expect(entries.filter({ hasText: `Signed out: ${DEMO_ADMIN.email}` }).first()).toBeVisible();
    await expect(entries.filter({ hasNotText: /Signed (in|out): |Sign-in refused: |Password confirm/ })).toHaveCount(0);
  });
});

test.describe('Risk rules', () => {
  test('a blocked address is saved, kept after a reload, and unblocked again', async ({ signedIn: _shell, page }) => {
    await openRiskRules(page);
    const address = `bc1qtest${randomUUID().replace(/-/g, '').slice(0, 20)}`;
    await blockAddress(page, address, 'Reported stolen funds');
    await expect(page.getByText('Unsaved changes. Saving is recorded in the audit log.')).toBeVisible();
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: 'screenshots/risk-rules.png', fullPage: true });
    await page.getByRole('button', { name: 'Save risk rules' }).click();
    await expect(toast(page, 'Risk rules saved.')).toBeVisible();

    await page.reload();
    const blocked = page.getByRole('table', { name: 'Blocked addresses' });
    await expect(blocked.getByText(address)).toBeVisible();
    await page.getByRole('button', { name: `Unblock ${address}` }).click();
    await page.getByRole('button', { name: 'Save risk rules' }).click();
    await expect(page.getByText('Unsaved changes. Saving is recorded in the audit log.')).toBeHidden();
    await expect(blocked.getByText(address)).toHaveCount(0);
  });
});

// Its own server whose confirmed password lasts 3 seconds, so the step-up dialog shows without waiting 5 minutes.
test.describe('Step-up', () => {
  let app: WebApp;
  test.beforeAll(async () => {
    app = await startWebApp({ LEDGERDESK_REAUTH_WINDOW_MS: '3000' });
  });
  test.afterAll(async () => app?.stop());

  test('past the window, saving the risk rules asks for the password again, refuses a wrong one, then saves', async ({ page }) => {
    await page.goto(app.url);
    await new LoginPage(page).signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(new Shell(page).heading()).toHaveText('Dashboard');
    await openRiskRules(page);
    const address = `0xstepup${randomUUID().replace(/-/g, '').slice(0, 20)}`;
    await blockAddress(page, address, 'Phishing site payout');
    await page.waitForTimeout(3_500);

    await page.getByRole('button', { name: 'Save risk rules' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your password' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByText('That password is not right.')).toBeVisible();
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: 'screenshots/step-up-dialog.png', fullPage: true });
    await dialog.getByLabel('Password').fill(DEMO_ADMIN.password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Risk rules saved.')).toBeVisible();

    // Put the rules back; past the window again the dialog asks once more.
    await page.getByRole('button', { name: `Unblock ${address}` }).click();
    await page.getByRole('button', { name: 'Save risk rules' }).click();
    const again = page.getByRole('dialog', { name: 'Confirm your password' });
    const saved = page.getByText('Unsaved changes. Saving is recorded in the audit log.');
    await expect(async () => {
      if (await again.isVisible()) {
        await again.getByLabel('Password').fill(DEMO_ADMIN.password);
        await again.getByRole('button', { name: 'Confirm' }).click();
      }
      await expect(saved).toBeHidden({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
  });

  test('past the window, turning on payouts (a platform setting) asks for the password, then saves', async ({ page, request }) => {
    // This server's one session may still be signed in from the test before.
    await rpc(request, app, 'session.signOut');
    await page.goto(app.url);
    await new LoginPage(page).signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const shell = new Shell(page);
    await expect(shell.heading()).toHaveText('Dashboard');
    await shell.open('Investment Plans');
    const setting = page.getByRole('switch', { name: 'Ledgerdesk pays matured investments' });
    await expect(setting).not.toBeChecked();
    await page.waitForTimeout(3_500);
    try {
      await setting.click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Turn on payouts' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm your password' });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel('Password').fill(DEMO_ADMIN.password);
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await expect(dialog).toBeHidden();
      await expect(toast(page, 'Platform settings saved.')).toBeVisible();
      await expect(setting).toBeChecked();
    } finally {
      // Other specs find the platform paying matured investments elsewhere, as the demo starts it.
      await rpc(request, app, 'session.reauthenticate', { password: DEMO_ADMIN.password });
      const restored = await rpc(request, app, 'platformSettings.save', { changes: { paysMaturedInvestments: false }, operationId: randomUUID() });
      expect(restored.ok || restored.error?.code === 'CONFLICT', JSON.stringify(restored.error)).toBe(true);
    }
  });
});
