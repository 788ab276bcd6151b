import { DEMO_CUSTOMER } from '../../tools/devenv/demo-accounts';
import { customerDoc, putCustomers, CustomersScreen, type TestCustomer } from '../support/e2e/customerPages';
import { DraftNote, DraftSession } from '../support/e2e/draftPages';
import { expect, rpc, test } from '../support/e2e/fixtures';
import { depositsScreen, openScreen } from '../support/e2e/moneyPages';
import { WebmailScreen } from '../support/e2e/settingsPages';
import { startWebApp, type WebApp } from '../support/e2e/webApp';

const MANAGED: TestCustomer = { id: 'e2e-drafts-managed', fullname: 'Rosalind Aberdeen', email: 'rosalind.aberdeen@example.org' };
const MAIL = { subject: 'About your May withdrawal', company: 'Ledgerdesk Capital', html: '<p>Dear Casey,</p><p>Your withdrawal is on its way.</p>' };
const REASON = 'Goodwill credit for the delayed withdrawal of 12 May';

// A server of its own with a 10-second idle timeout (warning halfway), so each sign-out takes seconds.
test.describe('Nothing typed is lost', () => {
  let app: WebApp;
  test.beforeAll(async () => {
    app = await startWebApp({ LEDGERDESK_IDLE_MS: '10000' });
    await putCustomers([[MANAGED, customerDoc(MANAGED, { balance: 120 })]]);
  });
  test.afterAll(async () => app?.stop());

  test('a webmail draft and a Manage amount and reason come back after an idle sign-out', async ({ page }) => {
    test.setTimeout(90_000);
    const session = new DraftSession(page, app);
    await session.openSignIn();
    await session.signIn();

    const webmail = new WebmailScreen(page);
    await webmail.open(session.shell);
    await webmail.pick('cas', 'Casey Customer');
    await webmail.write(MAIL);

    const users = await new CustomersScreen(page).open(session.shell);
    const manage = await (await users.find(MANAGED.email)).manage();
    await manage.field('Total Bonus').check();
    await manage.amount.fill('25.50');
    await manage.reason.fill(REASON);

    await session.waitForIdleSignOut();
    await session.signIn();
    // Back where the administrator was.
    await expect(session.shell.heading()).toHaveText('Manage Users');
    await expect(users.rows.first()).toBeVisible();

    const again = await (await users.find(MANAGED.email)).manage();
    await expect(again.amount).toHaveValue('25.50');
    await expect(again.reason).toHaveValue(REASON);
    await expect(again.field('Total Bonus')).toBeChecked();
    await expect(again.preview).toHaveText(/Total Bonus\s*\$0\.00\s*\$25\.50/);
    await expect(new DraftNote(again.root).root).toBeVisible();
    // The chosen figure's highlight fades in (transition-colors): shot once it has.
    await page.waitForTimeout(300);
    await page.screenshot({ path: 'screenshots/drafts-manage-restored.png', fullPage: true });
    // Cancel is a choice: the next Manage starts empty.
    await again.root.getByRole('button', { name: 'Cancel' }).click();
    const fresh = await users.row(MANAGED.email).manage();
    await expect(fresh.amount).toHaveValue('');
    await expect(fresh.reason).toHaveValue('');
    await expect(new DraftNote(fresh.root).root).toHaveCount(0);
    await page.keyboard.press('Escape');

    await webmail.open(session.shell);
    const note = new DraftNote(page);
    await expect(note.root).toBeVisible();
    await expect(webmail.picked()).toContainText(DEMO_CUSTOMER.email);
    await expect(webmail.subject).toHaveValue(MAIL.subject);
    await expect(webmail.company).toHaveValue(MAIL.company);
    await expect(webmail.html).toHaveValue(MAIL.html);
    await page.screenshot({ path: 'screenshots/drafts-webmail-restored.png', fullPage: true });

    await note.discard.click();
    await expect(note.root).toHaveCount(0);
    await expect(webmail.subject).toHaveValue('');
    await expect(webmail.html).toHaveValue('');
    await expect(webmail.picked()).toHaveCount(0);
    // Discarded means gone: the page opened again starts empty.
    await new CustomersScreen(page).open(session.shell);
    await webmail.open(session.shell);
    await expect(webmail.subject).toHaveValue('');
    await expect(note.root).toHaveCount(0);
  });

  test('the deposits list comes back with its filters, even in a reopened window', async ({ page }) => {
    test.setTimeout(90_000);
    const session = new DraftSession(page, app);
    await session.openSignIn();
    await session.signIn();

    const { filters, list } = await openScreen(session.shell, 'Manage Deposits', depositsScreen(page));
    await filters.tab('Pending').click();
    await expect(filters.tab('Pending')).toHaveAttribute('aria-current', 'page');
    const email = await (await list.first({ status: 'pending' })).email();
    await filters.pickCustomer(email, email);
    await filters.order.selectOption('oldest');
    await expect(page).toHaveURL(/status=pending/);
    await expect(page).toHaveURL(/order=oldest/);
    const filtered = new URL(page.url());

    await session.waitForIdleSignOut();
    // Nothing carried in the page: the main process remembers where the administrator was.
    await session.openSignIn();
    await session.signIn();
    await expect(session.shell.heading()).toHaveText('Deposits');
    expect(new URL(page.url()).pathname).toBe(filtered.pathname);
    expect(new URL(page.url()).search).toBe(filtered.search);
    await expect(filters.tab('Pending')).toHaveAttribute('aria-current', 'page');
    await expect(filters.customerChip).toContainText(email);
    await expect(filters.order).toHaveValue('oldest');
  });

  test('after a deliberate Logout nothing comes back', async ({ page, request }) => {
    const session = new DraftSession(page, app);
    const held = async (key: string) => ((await rpc(request, app, 'drafts.get', { key })).value as { value: unknown }).value;
    await session.openSignIn();
    await session.signIn();

    const users = await new CustomersScreen(page).open(session.shell);
    const manage = await (await users.find(MANAGED.email)).manage();
    await manage.amount.fill('40');
    await manage.reason.fill(REASON);
    await expect.poll(() => held(`manage:${MANAGED.id}`)).toMatchObject({ amount: '40', reason: REASON });
    // The window is reloaded with the dialog open (nothing closed it on purpose), then the e-mail is written.
    await page.goto(app.url.replace('/?', '/sendmail?'));
    const webmail = new WebmailScreen(page);
    await webmail.write(MAIL);
    await expect.poll(() => held('sendMail')).toMatchObject({ subject: MAIL.subject });

    await session.shell.open('Logout');
    await expect(session.login.submit).toBeVisible();
    await session.signIn();
    await expect(session.shell.heading()).toHaveText('Dashboard');
    expect(await held('sendMail')).toBeNull();

    await webmail.open(session.shell);
    await expect(webmail.subject).toHaveValue('');
    await expect(webmail.html).toHaveValue('');
    await expect(new DraftNote(page).root).toHaveCount(0);
    const fresh = await (await new CustomersScreen(page).open(session.shell).then((u) => u.find(MANAGED.email))).manage();
    await expect(fresh.amount).toHaveValue('');
    await expect(fresh.reason).toHaveValue('');
  });
});
