import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/e2e/fixtures';
import { CustomerScreen } from '../support/e2e/customerPage';
import { ManageDialog, customerDoc, putCustomers, withFirestore } from '../support/e2e/customerPages';

// The journal as a person sees it in the demo: the platform's handler runs as a listener on the
// customers (tools/devenv/demo-platform.ts), so a Manage adjustment and a balance changed with
// firebase-admin each get their entry, told apart, and the statement is made from them.

// A retry starts from a customer of its own: the journal keeps the entries an earlier attempt made.
const targetOf = (attempt: number) => ({ id: `e2e-journal-target-${attempt}`, fullname: 'Juno Ledgerline', email: 'juno.ledgerline@example.org' });

test.describe('The journal of a customer’s money', () => {
  test('a Manage adjustment and a balance changed outside Ledgerdesk each show in the Journal tab, and the statement runs through them', async ({
    signedIn,
    page
  }) => {
    void signedIn;
    const target = targetOf(test.info().retry);
    await putCustomers([[target, customerDoc(target, { balance: 120 })]]);
    const customer = new CustomerScreen(page);
    await customer.goto(`/users/${target.id}`);
    // The first customer page of a run can take a while on two shared cores.
    await expect(customer.figure('Balance')).toHaveText('$120.00', { timeout: 30_000 });

    // Through Ledgerdesk: +$30.00 with its audit entry.
    await customer.button('Manage').click();
    const manage = new ManageDialog(page);
    await manage.amount.fill('30');
    await manage.reason.fill('Goodwill credit');
    await manage.reason.press('Enter');
    await expect(manage.root).toBeHidden();
    await expect(customer.figure('Balance')).toHaveText('$150.00');

    // Outside it: the balance lowered with firebase-admin, as a script or the console would.
    await withFirestore((db) => db.doc(`users/${target.id}`).update({ balance: 145.5 }));

    await customer.open('Journal');
    const journal = customer.table(/^Changes to Juno's money, newest first$/);
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(journal.locator('tbody tr')).toHaveCount(3, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    // Newest first; the oldest is the customer's creation with $120.00, written with firebase-admin too.
    const entries = journal.locator('tbody tr');
    const [outside, inside, created] = [entries.nth(0), entries.nth(1), entries.nth(2)];
    await expect(outside).toContainText('Balance $150.00 → $145.50');
    await expect(outside).toContainText('-$4.50');
    await expect(outside).toContainText('Outside Ledgerdesk');
    await expect(inside).toContainText('Balance $120.00 → $150.00');
    await expect(inside).toContainText('+$30.00');
    await expect(inside).toContainText('Audit entry');
    await expect(created).toContainText('Customer created');
    await expect(created).toContainText('Outside Ledgerdesk');
    await expect(customer.tab('Journal')).toHaveAccessibleName('Journal (3)');
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: 'screenshots/customer-journal.png', fullPage: true });

    await page.getByRole('switch', { name: 'Only changes outside Ledgerdesk' }).click();
    await expect(page).toHaveURL(/outside=1/);
    await expect(journal.locator('tbody tr')).toHaveCount(2);
    await expect(journal.getByText('Audit entry')).toHaveCount(0);
    await page.getByRole('switch', { name: 'Only changes outside Ledgerdesk' }).click();

    // Today's statement: it opens before the journal (which begins with the creation), so it says what is not covered.
    await page.getByRole('button', { name: 'Statement' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Show statement' }).click();
    const statement = page.getByRole('article', { name: 'Statement' });
    await expect(statement).toBeVisible();
    await expect(statement.getByRole('status')).toContainText('The journal of this customer begins on');
    const lines = statement.locator('tbody tr');
    await expect(lines).toHaveCount(5);
    await expect(lines.nth(0)).toContainText('Opening balance');
    await expect(lines.nth(1)).toContainText('+$120.00');
    await expect(lines.nth(1)).toContainText('$120.00');
    await expect(lines.nth(2)).toContainText('+$30.00');
    await expect(lines.nth(2)).toContainText('$150.00');
    await expect(lines.nth(3)).toContainText('-$4.50');
    await expect(lines.nth(3)).toContainText('Outside Ledgerdesk');
    await expect(lines.nth(4)).toContainText('Closing balance');
    await expect(lines.nth(4)).toContainText('$145.50');
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: 'screenshots/customer-statement.png', fullPage: true });
    // The tab and the statement pass axe-core's WCAG 2.1 A/AA rules, as every screen does: looked at
    // once the Manage toast has gone, since a toast fading out is, for that moment, text of too little contrast.
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);

    // Export CSV downloads the statement's lines.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = readFileSync((await (await downloading).path())!, 'utf8');
    // The Time column names the zone its times are written in (this computer's, UTC here).
    expect(csv).toContain('Line,Time (UTC),Change,Balance,Made by,Source,Note,Journal entry');
    expect(csv).toMatch(/Movement,[^,]+,-4\.5,145\.5,Unknown,Outside Ledgerdesk/);

    // Print / PDF in browser mode opens the browser's print; on paper, the statement alone.
    await page.evaluate('window.printed = 0; window.print = () => { window.printed += 1; };');
    await page.getByRole('button', { name: 'Print / PDF' }).click();
    expect(await page.evaluate('window.printed')).toBe(1);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: 'Customer records' })).toBeHidden();
    await page.screenshot({ path: 'screenshots/customer-statement-print.png', fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    await expect(page.getByRole('navigation', { name: 'Customer records' })).toBeVisible();
  });
});
