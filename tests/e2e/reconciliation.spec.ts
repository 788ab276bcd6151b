import { expect, test } from '../support/e2e/fixtures';
import { customerDoc, putCustomers, withFirestore, type TestCustomer } from '../support/e2e/customerPages';

const shot = (name: string) => ({ path: `screenshots/${name}.png`, fullPage: true });

/** A customer whose stored Total deposit no record explains: $777.00 of drift. */
const DRIFTED: TestCustomer = { id: 'e2e-drifted-customer', fullname: 'Ottoline Drift', email: 'ottoline.drift@example.org' };

test.describe('Reconciliation', () => {
  test('the Figures check shows a customer’s drift; a run over every customer lists them and the dashboard shows the run', async ({ signedIn, page }) => {
    // A whole run over the demo platform, then the dashboard: longer than one screen's test.
    test.setTimeout(180_000);
    await putCustomers([[DRIFTED, { ...customerDoc(DRIFTED), Totaldeposit: 777 }]]);
    try {
      const origin = new URL(page.url()).origin;
      await page.goto(`${origin}/users/${DRIFTED.id}`);
      const check = page.getByRole('region', { name: 'Figures check' });
      await expect(check).toContainText('Total deposit is $777.00 more than its records and adjustments explain.', { timeout: 30_000 });
      // The demo's journal listener chains the customer's creation; until it has, there is no head yet.
      await expect(async () => {
        await check.getByRole('button', { name: 'Check again' }).click();
        await expect(check).toContainText(/Balance explained by the journal \(seq \d+\)\./, { timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await page.screenshot(shot('customer-figures-check'));

      await signedIn.open('Reconciliation');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reconciliation', { timeout: 30_000 });
      await page.getByRole('button', { name: 'Start a run' }).click();
      // The demo's backend host runs it on the platform's side (its functions' handlers), as deployed functions would.
      const lastRun = page.getByRole('region', { name: 'The last run', exact: true });
      await expect(lastRun.getByText(/^Finished/)).toBeVisible({ timeout: 60_000 });
      await expect(lastRun).toContainText('run by the server');
      await expect(
        page
          .getByRole('table', { name: /Every run/ })
          .getByRole('row')
          .nth(1)
      ).toContainText('Server (Ledgerdesk’s functions)');
      const row = page.getByRole('row').filter({ hasText: DRIFTED.fullname });
      await expect(row).toContainText('Total deposit is $777.00 more than its records and adjustments explain.');
      await page.screenshot(shot('reconciliation'));

      await signedIn.open('Dashboard');
      // The card opens the Reconciliation screen, so it is a link named by its figure.
      await expect(page.getByRole('link', { name: /^Drifted customers \d+ In the last reconciliation/ })).toHaveAttribute('href', '/reconciliation', {
        timeout: 30_000
      });
      await expect(page.getByRole('group', { name: 'Customer balances', exact: true })).toContainText('$');
      await page.screenshot(shot('dashboard-owed'));
    } finally {
      await withFirestore(async (db) => void (await db.doc(`users/${DRIFTED.id}`).delete()));
    }
  });
});
