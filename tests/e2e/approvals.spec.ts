import type { Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_APPROVER, DEMO_VIEWER } from '../../tools/devenv/demo-accounts';
import { ApprovalsScreen, cancelOpenRequests, openRequestsOn, putCoveredWithdrawal } from '../support/e2e/approvalsPages';
import { withFirestore, type TestCustomer } from '../support/e2e/customerPages';
import { expect, rpc, test, type AppAddress } from '../support/e2e/fixtures';
import { ConfirmDialog, openScreen, withdrawalsScreen } from '../support/e2e/moneyPages';
import { LoginPage, Shell } from '../support/e2e/pages';
import { toast } from '../support/e2e/settingsPages';
import { TeamScreen } from '../support/e2e/teamPages';
import { startWebApp, type WebApp } from '../support/e2e/webApp';

// Dual control (docs/product-rules.md §15.4) with two administrators at once. Browser mode holds one
// session per server, so the owner uses the run's server and the others a second one started here.

const run = Date.now().toString(36);
const who: TestCustomer = { id: `e2e-dual-${run}`, fullname: `Dana Dual ${run}`, email: `dana.dual.${run}@example.org` };
const storedStatus = (id: string) => withFirestore(async (db) => (await db.collection('withdrawals').doc(id).get()).get('status') as unknown);

async function signIn(page: Page, app: AppAddress, email: string, password: string): Promise<Shell> {
  await page.goto(app.url.replace('/?', '/login?'));
  await new LoginPage(page).signIn(email, password);
  const shell = new Shell(page);
  await expect(shell.heading()).toHaveText('Dashboard');
  return shell;
}

test('the owner reads the team: each demo administrator with their role', async ({ signedIn: shell, page }) => {
  const team = new TeamScreen(page);
  await team.open(shell);
  await expect(team.member(DEMO_ADMIN.email)).toContainText('Owner');
  await expect(team.member(DEMO_ADMIN.email)).toContainText('(you)');
  await expect(team.member(DEMO_APPROVER.email).getByRole('cell').first()).toHaveText('Admin');
  await expect(team.member(DEMO_VIEWER.email).getByRole('cell').first()).toHaveText('Viewer');
  await expect(team.invite).toBeVisible();
});

test.describe('Dual control', () => {
  let second: WebApp;
  test.beforeAll(async () => {
    second = await startWebApp();
  });
  test.afterAll(async () => second?.stop());

  test('the owner asks, a viewer only reads, another administrator approves and the withdrawal is approved', async ({
    signedIn: shell,
    page,
    browser,
    request,
    app
  }) => {
    test.setTimeout(120_000);
    const id = await putCoveredWithdrawal(who);
    const other = await browser.newContext();
    try {
      // A: the owner decides the withdrawal; the demo's policy turns the decision into a request.
      const screen = withdrawalsScreen(page);
      await openScreen(shell, 'Manage Withdrawals', screen);
      await screen.filters.pickCustomer(who.email, who.email);
      await expect.poll(() => screen.list.rowCount()).toBe(1);
      const row = await screen.list.first({ status: 'pending' });
      await row.pick('approved');
      const dialog = new ConfirmDialog(page);
      await expect(dialog.root.getByText(/^Needs a second administrator: /)).toContainText('Withdrawals of $1,000.00 or more');
      await dialog.confirm('Ask for approval');
      await expect(toast(page, /Nothing was applied yet: the request waits on the Approvals screen/)).toHaveCount(1);
      const openApprovals = page.getByRole('region', { name: /Notifications/ }).getByRole('button', { name: 'Open Approvals' });
      await expect(openApprovals).toBeVisible();
      await expect(row.badge).toContainText('Awaiting approval');
      expect(await storedStatus(id)).toBe('pending');

      const [asked] = await openRequestsOn(request, app, `withdrawals/${id}`);
      expect(asked, 'the request the owner made').toBeDefined();
      const summary = asked!.summary;

      // The maker may only cancel their own request.
      await openApprovals.click();
      await expect(shell.heading()).toHaveText('Approvals');
      const approvals = new ApprovalsScreen(page);
      const mine = approvals.request(summary);
      await expect(mine.state).toHaveText('Awaiting approval');
      await expect(mine.fact('Asked by')).toHaveText(DEMO_ADMIN.email);
      await expect(mine.root).toContainText('Another administrator must approve this.');
      await expect(mine.cancel).toBeVisible();
      await expect(mine.approve).toHaveCount(0);
      await expect(mine.reject).toHaveCount(0);

      // B, as a viewer: the request is there to read, with nothing to decide and no Team screen.
      const viewerPage = await other.newPage();
      const viewerShell = await signIn(viewerPage, second, DEMO_VIEWER.email, DEMO_VIEWER.password);
      await expect(viewerShell.link('Team')).toHaveCount(0);
      await expect(shell.link('Team')).toBeVisible();
      const viewed = new ApprovalsScreen(viewerPage);
      await viewed.open(viewerShell);
      const read = viewed.request(summary);
      await expect(read.state).toHaveText('Awaiting approval');
      await expect(read.withdrawalFacts).toBeVisible();
      await expect(read.approve).toHaveCount(0);
      await expect(read.reject).toHaveCount(0);
      await expect(read.cancel).toHaveCount(0);
      await expect(read.root).toContainText('Your role (Viewer) may not');
      await rpc(request, second, 'session.signOut');

      // B, as the second administrator: the request with the withdrawal's facts, approved and applied.
      const approverPage = await other.newPage();
      await viewerPage.close();
      const approverShell = await signIn(approverPage, second, DEMO_APPROVER.email, DEMO_APPROVER.password);
      const theirs = new ApprovalsScreen(approverPage);
      await theirs.open(approverShell);
      const card = theirs.request(summary);
      await expect(card.fact('Asked by')).toHaveText(DEMO_ADMIN.email);
      await expect(card.withdrawalFacts).toContainText(who.fullname);
      await expect(card.withdrawalFacts).toContainText('$18,750.00');
      await expect(card.preview).toBeVisible();
      await expect(card.cancel).toHaveCount(0);
      await card.approveWith(DEMO_APPROVER.password);
      await expect(card.root).toBeHidden();
      await theirs.tab('Decided').click();
      await expect(card.state).toHaveText('Applied');
      await expect(card.fact('Decided by')).toHaveText(DEMO_APPROVER.email);
      expect(await storedStatus(id)).toBe('approved');

      // A: the withdrawal reads Approved, no longer awaiting anyone.
      await openScreen(shell, 'Manage Withdrawals', screen);
      await screen.filters.pickCustomer(who.email, who.email);
      // The list A read under a minute ago may still be its cached page (another administrator's change shows
      // on the next read, at most 30 s later): Refresh reads it now, as the owner would.
      await page.getByRole('button', { name: 'Refresh' }).click();
      const decided = screen.list.row(0, await screen.list.columns());
      await expect(decided.badge).toHaveText('Approved');
    } finally {
      await other.close();
      // Nothing left open for other specs; the demo's policy stays as seeded.
      await cancelOpenRequests(request, app, `withdrawals/${id}`);
    }
  });
});
