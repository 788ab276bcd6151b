import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ApprovalsScreen, askApproval, cancelOpenRequests, openRequestsOn, putCoveredWithdrawal } from '../support/e2e/approvalsPages';
import { DueScreen, setPayouts } from '../support/e2e/duePages';
import { expect, rpc, test } from '../support/e2e/fixtures';
import type { Shell } from '../support/e2e/pages';
import { TeamScreen } from '../support/e2e/teamPages';

// Every screen and the main dialogs pass axe-core's WCAG 2.1 A and AA rules with no serious or
// critical violation, in the light theme and in the dark one (contrast included). Each is checked
// with its data loaded, as the administrator sees it, in both themes at once: one sign-in and one
// load per screen.
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const run = Date.now().toString(36);

/**
 * Checks the page as drawn in the light theme, then in the dark one: the Theme control is left on
 * System, so the theme follows the computer's preference, which the test switches. Transitions are
 * turned off first, so no colour is judged halfway from one theme to the other.
 */
async function expectAccessible(page: Page): Promise<void> {
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /\blight\b/);
    const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
    const blocking = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ rule: v.id, impact: v.impact, help: v.help, where: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
    expect(blocking, `in the ${colorScheme} theme`).toEqual([]);
  }
}

/** A screen reached from the sidebar, once its first rows (or its content) are shown. */
async function openScreen(shell: Shell, link: string, heading: string): Promise<void> {
  await shell.open(link);
  await expect(shell.heading()).toHaveText(heading);
}

const tableLoaded = async (page: Page) => {
  await expect(page.getByRole('table').first().locator('tbody tr').first()).toBeVisible();
  await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0);
};

test.describe('Accessibility (axe-core, WCAG 2.1 A/AA), in the light and the dark theme', () => {
  test("a move to another screen puts the focus on its heading and says the screen's name; the skip link still reaches the content", async ({
    signedIn: shell,
    page
  }) => {
    await expect(shell.heading()).toBeFocused();
    await shell.open('Manage Deposits');
    await expect(shell.heading()).toHaveText('Deposits');
    await expect(shell.heading()).toBeFocused();
    await expect(page.locator('[role="status"][aria-live="polite"].sr-only')).toHaveText('Deposits');
    // Filters are not a move: the focus stays where the administrator put it.
    await page.getByRole('link', { name: /^Pending/ }).click();
    await expect(page.getByRole('link', { name: /^Pending/ })).toBeFocused();

    // The first stop of the layout: shown once focused, it takes the focus to the screen's content.
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await skip.focus();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('#content')).toBeFocused();
  });

  test('the sign-in page', async ({ loginPage, page }) => {
    await expect(loginPage.submit).toBeVisible();
    await expectAccessible(page);
  });

  test('the Dashboard', async ({ signedIn: _shell, page }) => {
    await expect(page.getByText(/^As of /)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Last 30 days' }).locator('.recharts-bar-rectangle').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'The money’s trend' }).locator('.recharts-line-curve').first()).toBeVisible();
    await expectAccessible(page);
  });

  test('Manage Users', async ({ signedIn: shell, page }) => {
    await openScreen(shell, 'Manage Users', 'Manage Users');
    await tableLoaded(page);
    await expectAccessible(page);
  });

  for (const [link, heading] of [
    ['Manage Deposits', 'Deposits'],
    ['Manage Withdrawals', 'Withdrawals'],
    ['Manage Investments', 'Investments']
  ] as const) {
    test(`the ${heading} list`, async ({ signedIn: shell, page }) => {
      await openScreen(shell, link, heading);
      await tableLoaded(page);
      await expectAccessible(page);
    });
  }

  test('All Compound Investments', async ({ signedIn: shell, page }) => {
    await openScreen(shell, 'Manage Investments', 'Investments');
    await page.getByRole('link', { name: 'Compound investments' }).click();
    await expect(shell.heading()).toHaveText('All Compound Investments');
    await tableLoaded(page);
    await expectAccessible(page);
  });

  test('Investment Plans', async ({ signedIn: shell, page }) => {
    await openScreen(shell, 'Investment Plans', 'Manage Investment Plans');
    await expect(page.getByRole('button', { name: /^Update/ }).first()).toBeVisible();
    await expectAccessible(page);
  });

  test('Webmail', async ({ signedIn: shell, page }) => {
    await openScreen(shell, 'Webmail', 'Send Email to User');
    await expectAccessible(page);
  });

  test('Wallet addresses', async ({ signedIn: shell, page }) => {
    await openScreen(shell, 'Wallet address', 'Admin Wallet Addresses');
    await expect(page.getByRole('button', { name: 'Save Wallet Addresses' })).toBeVisible();
    await expectAccessible(page);
  });

  test('Referrals', async ({ signedIn: shell, page }) => {
    await openScreen(shell, 'Referrals', 'Admin Referral Dashboard');
    await tableLoaded(page);
    await expectAccessible(page);
  });

  test('the Audit log and its e-mail queue', async ({ signedIn: shell, page }) => {
    await openScreen(shell, 'Audit log', 'Audit log');
    await expect(page.getByText(/^(Showing \d+|No activity yet$)/)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'E-mail queue' }).click();
    await expect(page.getByText(/^(Showing \d+|No e-mails yet$)/)).toBeVisible();
    await expectAccessible(page);
  });

  test('Reconciliation and Deleted customers', async ({ signedIn: shell, page, app }) => {
    await shell.open('Reconciliation');
    await expect(shell.heading()).toHaveText('Reconciliation', { timeout: 30_000 });
    await expect(page.getByText(/^(No run yet|Finished|Running|Stopped)/)).toBeVisible({ timeout: 30_000 });
    await expectAccessible(page);
    await page.goto(`${app.origin}/users/deleted`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deleted customers');
    await expect(page.getByText(/^(Showing \d+|No deleted customers$)/)).toBeVisible();
    await expectAccessible(page);
  });

  test('Find customer', async ({ signedIn: _shell, page, app }) => {
    // By address, as a list's e-mail link opens it (modules/customers/CustomerLink.tsx); a customer found is
    // shown on their page at once, so what stays on this screen is the answer that none has it.
    await page.goto(`${app.origin}/users/by-email?email=nobody%40example.org`);
    await expect(page.getByRole('heading', { name: 'No customer has the e-mail nobody@example.org.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Manage Users' })).toBeVisible();
    await expectAccessible(page);
  });

  test('Risk rules', async ({ signedIn: shell, page, app }) => {
    // By address: the sidebar link is what tests/e2e/cases.spec.ts follows.
    await page.goto(`${app.origin}/risk-rules`);
    await expect(shell.heading()).toHaveText('Risk rules');
    await expect(page.getByRole('button', { name: 'Save risk rules' })).toBeVisible();
    await expectAccessible(page);
  });

  test('the Team screen', async ({ signedIn: shell, page }) => {
    await new TeamScreen(page).open(shell);
    await expectAccessible(page);
  });

  test('the Approvals screen with a request open', async ({ signedIn: shell, page, request, app }) => {
    // The owner's own request (Cancel request offered), on a withdrawal of the test's own that the demo's policy covers.
    const who = {
      id: `e2e-a11y-approval-${run}`,
      fullname: `Ada Approval ${run}`,
      email: `ada.approval.${run}@example.org`
    };
    const id = await putCoveredWithdrawal(who);
    try {
      await askApproval(request, app, id);
      const approvals = new ApprovalsScreen(page);
      await approvals.open(shell);
      const [asked] = await openRequestsOn(request, app, `withdrawals/${id}`);
      const card = approvals.request(asked!.summary);
      await expect(card.preview).toBeVisible();
      await expect(card.cancel).toBeVisible();
      await expectAccessible(page);
    } finally {
      await cancelOpenRequests(request, app, `withdrawals/${id}`);
    }
  });

  test('a page that does not exist', async ({ signedIn: _shell, page, app }) => {
    await page.goto(`${app.origin}/no-such-screen`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expectAccessible(page);
  });

  test("a customer's page", async ({ signedIn: shell, page }) => {
    await openScreen(shell, 'Manage Users', 'Manage Users');
    await tableLoaded(page);
    await page.getByRole('table').locator('tbody tr').first().getByRole('link').first().click();
    await expect(page.getByRole('navigation', { name: 'Customer records' })).toBeVisible();
    await tableLoaded(page);
    await expectAccessible(page);
  });

  test('the Manage dialog', async ({ signedIn: shell, page }) => {
    await openScreen(shell, 'Manage Users', 'Manage Users');
    await tableLoaded(page);
    await page.getByRole('table').locator('tbody tr').first().getByRole('button', { name: 'Manage' }).click();
    await expect(page.getByRole('dialog', { name: /^Manage / })).toBeVisible();
    await expectAccessible(page);
  });

  test('the KYC dialog', async ({ signedIn: shell, page }) => {
    await openScreen(shell, 'Manage Users', 'Manage Users');
    await tableLoaded(page);
    await page
      .getByRole('table')
      .getByRole('button', { name: /^View KYC/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: /^KYC · / });
    await expect(dialog.getByText('Date of birth')).toBeVisible();
    await expectAccessible(page);
  });

  test('the Time zone dialog', async ({ signedIn: _shell, page }) => {
    await page.getByRole('button', { name: /^Time zone/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Time zone' });
    await expect(dialog.getByLabel('Platform time zone')).toBeEnabled();
    await expectAccessible(page);
  });

  test("a withdrawal's approval with its risk facts", async ({ signedIn: shell, page }) => {
    await openScreen(shell, 'Manage Withdrawals', 'Withdrawals');
    await page.getByRole('link', { name: /^Pending/ }).click();
    await tableLoaded(page);
    await page.getByRole('table').locator('tbody tr').first().getByRole('combobox').selectOption('approved');
    const dialog = page.getByRole('alertdialog', { name: 'Approve withdrawal?' });
    await expect(dialog.getByRole('region', { name: 'Withdrawal facts' })).toBeVisible();
    await expect(dialog.getByRole('region', { name: 'What this change does' })).toBeVisible();
    await expectAccessible(page);
  });

  test('the bulk summary', async ({ signedIn: shell, page }) => {
    await openScreen(shell, 'Manage Deposits', 'Deposits');
    await page.getByRole('link', { name: /^Pending/ }).click();
    await tableLoaded(page);
    const rows = page.getByRole('table').locator('tbody tr');
    for (const index of [0, 1, 2]) await rows.nth(index).getByRole('checkbox').check();
    await page.getByRole('region', { name: 'Selected rows' }).getByRole('button', { name: 'Set Failed' }).click();
    const dialog = page.getByRole('alertdialog', { name: /^Set 3 deposits to Failed\?/ });
    await expect(dialog.getByRole('region', { name: /^Will change/ })).toBeVisible();
    await expectAccessible(page);
  });

  test("a list's Columns dialog, and its list with a column hidden and compact rows", async ({ signedIn: shell, page, request, app }) => {
    await openScreen(shell, 'Manage Deposits', 'Deposits');
    await tableLoaded(page);
    await page.getByRole('button', { name: 'Columns', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Columns of deposits' });
    await dialog.getByRole('checkbox', { name: 'Method', exact: true }).uncheck();
    await dialog.getByRole('radio', { name: 'Compact' }).check();
    await expect(dialog.getByRole('status')).toHaveText('Compact rows.');
    try {
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect(page.getByRole('table').first()).toHaveAttribute('data-density', 'compact');
      await expectAccessible(page);
    } finally {
      await rpc(request, app, 'columns.set', { list: 'deposits', layout: null });
    }
  });

  test("the Investments screen's Due tab with Pay out, and its payout dialog", async ({ signedIn: shell, page, request, app }) => {
    await setPayouts(request, app, true);
    try {
      const due = new DueScreen(page);
      await due.open(shell);
      await expect(due.payOut(0)).toBeVisible();
      await expectAccessible(page);
      await due.payOut(0).click();
      await expect(page.getByRole('alertdialog').getByRole('region', { name: 'What this change does' })).toBeVisible();
      await expectAccessible(page);
    } finally {
      await setPayouts(request, app, false);
    }
  });

  test('the command palette', async ({ signedIn: _shell, page }) => {
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await expect(palette).toBeVisible();
    await palette.getByRole('combobox').fill('dep');
    await expect(palette.getByRole('option').first()).toBeVisible();
    await expectAccessible(page);
  });

  test('the list of shortcuts', async ({ signedIn: _shell, page }) => {
    await page.locator('body').press('Shift+Slash');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await expectAccessible(page);
  });
});
