import { expect, test } from '../support/e2e/fixtures';
import { CustomerScreen, demoCustomers } from '../support/e2e/customerPage';
import { customerDoc, putCustomers, withFirestore, type TestCustomer } from '../support/e2e/customerPages';

const shot = (name: string) => ({ path: `screenshots/${name}.png`, fullPage: true });

// A retry starts from a customer of its own: the journal keeps the entries an earlier attempt made.
const targetOf = (attempt: number): TestCustomer => ({
  id: `e2e-balance-check-${attempt}`,
  fullname: 'Bertil Balancewood',
  email: 'bertil.balancewood@example.org'
});

test.describe('The balance on the customer’s Figures check', () => {
  test('a demo customer’s balance is explained by the journal the seed chained', async ({ signedIn, page }) => {
    void signedIn;
    const [demo] = demoCustomers();
    const customer = new CustomerScreen(page);
    await customer.goto(`/users/${demo!.id}`);
    const check = page.getByRole('region', { name: 'Figures check' });
    await expect(check).toContainText(/Balance explained by the journal \(seq \d+\)\./, { timeout: 30_000 });
    await expect(check).not.toContainText('Balance is not checked');
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot(shot('customer-figures-balance'));

    // The chain's start in the Journal tab: what it is, with the balance found, neither Ledgerdesk's nor outside.
    await customer.open('Journal');
    const start = page.getByRole('row').filter({ hasText: 'Journal chain started with the balance found' });
    await expect(start).toContainText('Records seeding', { timeout: 30_000 });
    await expect(start).not.toContainText('Outside Ledgerdesk');
    await page.screenshot(shot('customer-journal-genesis'));
  });

  test('a balance the journal no longer explains is named with both amounts, and explained again once it is', async ({ signedIn, page }) => {
    void signedIn;
    const target = targetOf(test.info().retry);
    await putCustomers([[target, customerDoc(target, { balance: 120 })]]);
    const customer = new CustomerScreen(page);
    await customer.goto(`/users/${target.id}`);
    const check = page.getByRole('region', { name: 'Figures check' });
    const again = check.getByRole('button', { name: 'Check again' });
    // The demo's journal listener chains the customer's creation; until it has, there is no head yet.
    await expect(async () => {
      await again.click();
      await expect(check).toContainText('Balance explained by the journal (seq 1).', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });

    // The head made to hold another balance than the document: as if the balance had moved with no entry.
    const head = withFirestore((db) => db.doc(`journalHeads/${target.id}`).get());
    const stored = (await head).get('balanceCents') as number;
    await withFirestore((db) => db.doc(`journalHeads/${target.id}`).update({ balanceCents: 9_900 }));
    try {
      await again.click();
      await expect(check).toContainText("Balance $120.00 differs from the journal's $99.00: changed without a journal entry.");
      await page.evaluate('window.scrollTo(0, 0)');
      await page.screenshot(shot('customer-figures-balance-differs'));
    } finally {
      await withFirestore((db) => db.doc(`journalHeads/${target.id}`).update({ balanceCents: stored }));
    }
    await again.click();
    await expect(check).toContainText('Balance explained by the journal (seq 1).');
  });
});
