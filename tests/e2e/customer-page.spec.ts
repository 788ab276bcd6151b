import { USER_GONE_MESSAGE } from '../../src/shared/domain/users';
import { expect, test } from '../support/e2e/fixtures';
import { CustomerScreen, demoCustomers, type DemoCustomer } from '../support/e2e/customerPage';
import { ManageDialog, ReferralsScreen, customerDoc, customerExists, putCustomers } from '../support/e2e/customerPages';

const customers = demoCustomers();
const first = (c: DemoCustomer) => c.fullname.split(' ')[0]!;

/** A demo customer with records of every kind and a referral they made. */
const busy = customers.find((c) => Object.values(c.counts).every((n) => n > 0))!;
/** A demo customer referred by another one, and that referrer. */
const referred = customers.find((c) => c.referredByCode && customers.some((r) => r.referralCode === c.referredByCode))!;
const referrer = customers.find((r) => r.referralCode === referred.referredByCode)!;

test.describe('A page per customer', () => {
  test('an e-mail link opens the customer; each tab lists their records with its count', async ({ signedIn, page }) => {
    void signedIn;
    const customer = new CustomerScreen(page);
    // Any case: the page finds the customer whose e-mail is exactly this one, and takes its place in the history.
    await customer.goto(`/users/by-email?email=${encodeURIComponent(busy.email.toUpperCase())}`);
    await expect(page).toHaveURL(new RegExp(`/users/${busy.id}$`));
    await expect(customer.heading).toHaveText(busy.fullname);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Manage Users' })).toBeVisible();
    await expect(customer.figure('Balance')).toHaveText(/^-?\$[\d,]+\.\d\d$/);
    await expect(customer.figure('Withdrawal Fee')).toHaveText(/^\d+\.\d\d%$/);
    await expect(customer.detail('Referral code')).toContainText(busy.referralCode);

    await customer.expectCount('Deposits', busy.counts.deposits);
    await customer.expectCount('Withdrawals', busy.counts.withdrawals);
    await customer.expectCount('Investments', busy.counts.investments);
    await customer.expectCount('Compound investments', busy.counts.compound);
    await customer.expectCount('Referrals', busy.counts.referrals);

    // Deposits is the tab that opens.
    await expect(customer.tab('Deposits')).toHaveAttribute('aria-current', 'page');
    const name = first(busy);
    await expect(await customer.rows(/^Deposits, /)).toHaveCount(busy.counts.deposits);
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: 'screenshots/customer-page.png', fullPage: true });

    await customer.open('Withdrawals');
    await expect(page).toHaveURL(/tab=withdrawals/);
    await expect(await customer.rows(/^Withdrawals, /)).toHaveCount(busy.counts.withdrawals);
    await customer.open('Investments');
    await expect(await customer.rows(/^Investments, /)).toHaveCount(busy.counts.investments);
    await customer.open('Compound investments');
    await expect(await customer.rows(/^Compound investments, /)).toHaveCount(busy.counts.compound);
    await customer.open('Referrals');
    await expect(await customer.rows(new RegExp(`^Customers ${name} referred`))).toHaveCount(busy.counts.referrals);

    // Verify, then Unverify: each is recorded about the customer, and the Audit tab lists both.
    const verified = await customer.button('Unverify').isVisible();
    await customer.button(verified ? 'Unverify' : 'Verify').click();
    await expect(customer.button(verified ? 'Verify' : 'Unverify')).toBeEnabled();
    await customer.button(verified ? 'Verify' : 'Unverify').click();
    await expect(customer.button(verified ? 'Unverify' : 'Verify')).toBeEnabled();
    await customer.open('Audit');
    const audit = await customer.rows(new RegExp(`^Audit entries about ${name}`));
    await expect(audit.filter({ hasText: busy.fullname }).first()).toBeVisible();
    expect(await audit.count()).toBeGreaterThanOrEqual(2);
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: 'screenshots/customer-page-audit.png', fullPage: true });

    // Reload keeps the tab.
    await page.reload();
    await expect(customer.tab('Audit')).toHaveAttribute('aria-current', 'page');

    await customer.open('E-mails');
    await expect(customer.table(new RegExp(`^E-mails to ${name}`))).toBeVisible();
  });

  test('the referrals page links the referrer and the client to their pages; "Referred by" links to the referrer', async ({ signedIn, page }) => {
    const referrals = await new ReferralsScreen(page).open(signedIn);
    await referrals.loadAll();
    const row = referrals.rows.filter({ has: page.getByRole('link', { name: referrer.fullname, exact: true }) }).first();
    await row.getByRole('link', { name: referrer.fullname, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/users/${referrer.id}$`));
    const customer = new CustomerScreen(page);
    await expect(customer.heading).toHaveText(referrer.fullname);

    await page.goBack();
    await referrals.loadAll();
    const client = referrals.rows.filter({ hasText: referred.email }).first();
    await client.getByRole('link', { name: referred.email }).click();
    await expect(page).toHaveURL(new RegExp(`/users/${referred.id}$`));
    await expect(customer.heading).toHaveText(referred.fullname);

    await customer.detail('Referred by').getByRole('link', { name: referrer.fullname }).click();
    await expect(page).toHaveURL(new RegExp(`/users/${referrer.id}$`));
    await expect(customer.heading).toHaveText(referrer.fullname);
  });

  test('an unknown id or e-mail says so, with a way back to Manage Users', async ({ signedIn, page }) => {
    void signedIn;
    const customer = new CustomerScreen(page);
    await customer.goto('/users/no-such-customer');
    await expect(page.getByRole('heading', { name: USER_GONE_MESSAGE })).toBeVisible();
    await page.screenshot({ path: 'screenshots/customer-page-gone.png', fullPage: true });
    await customer.goto('/users/by-email?email=nobody%40example.org');
    await expect(page.getByRole('heading', { name: 'No customer has the e-mail nobody@example.org.' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Manage Users' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage Users');
  });

  test('Send e-mail opens the webmail with the customer chosen', async ({ signedIn, page }) => {
    void signedIn;
    const customer = new CustomerScreen(page);
    await customer.goto(`/users/${busy.id}`);
    await expect(customer.heading).toHaveText(busy.fullname);
    await customer.actions.getByRole('link', { name: 'Send e-mail' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Send Email to User');
    await expect(page.getByRole('group', { name: 'Recipient' })).toContainText(busy.email);
  });

  test('Manage and Delete work from the customer page: the figure updates in place; after deleting, Manage Users opens', async ({ signedIn, page }) => {
    void signedIn;
    const target = { id: 'e2e-customer-page-target', fullname: 'Wendell Pageman', email: 'wendell.pageman@example.org' };
    await putCustomers([[target, customerDoc(target, { balance: 120 })]]);
    const customer = new CustomerScreen(page);
    await customer.goto(`/users/${target.id}`);
    await expect(customer.heading).toHaveText(target.fullname);
    await expect(customer.figure('Balance')).toHaveText('$120.00');
    await expect(customer.button('View KYC')).toBeDisabled();
    // No records of any kind: each tab says so in the customer's name.
    await customer.expectCount('Deposits', 0);
    await expect(page.getByText('No deposits yet')).toBeVisible();
    await customer.open('Referrals');
    await expect(page.getByRole('heading', { name: 'Wendell has made no referrals yet.' })).toBeVisible();

    await customer.button('Manage').click();
    const manage = new ManageDialog(page);
    await expect(manage.root).toBeVisible();
    await manage.amount.fill('30');
    await manage.reason.fill('Goodwill credit');
    await manage.reason.press('Enter');
    await expect(manage.root).toBeHidden();
    await expect(customer.figure('Balance')).toHaveText('$150.00');
    await customer.expectCount('Audit', 1);

    await customer.button('Delete').click();
    const question = page.getByRole('alertdialog');
    await expect(question).toContainText(target.fullname);
    await question.getByLabel('Reason for deleting').fill('Duplicate account');
    await question.getByRole('button', { name: 'Yes, delete it!' }).click();
    // They still hold the $150.00: the second question names it.
    const again = page.getByRole('alertdialog', { name: 'Delete anyway?' });
    await expect(again).toContainText('$150.00');
    await again.getByRole('button', { name: 'Delete anyway' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage Users');
    await expect.poll(() => customerExists(target.id)).toBe(false);
    // Its page, opened again (a link elsewhere), says so.
    await customer.goto(`/users/${target.id}`);
    await expect(page.getByRole('heading', { name: USER_GONE_MESSAGE })).toBeVisible();
  });
});
