import { FieldValue } from 'firebase-admin/firestore';
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

  test('the weekly full check is chosen beside the nightly hour and kept', async ({ signedIn, page }) => {
    try {
      await signedIn.open('Reconciliation');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reconciliation', { timeout: 30_000 });
      // What a run checks and what the night checks, truthfully: the balance is the journal's, at night.
      await expect(page.getByText(/it does not check the balance\. The nightly check does:/)).toBeVisible();
      const weekday = page.getByRole('combobox', { name: 'Weekly full check' });
      await expect(weekday).toHaveValue('none', { timeout: 30_000 });
      await weekday.selectOption({ label: 'Wednesdays' });
      await expect(page.getByText('Platform settings saved.')).toBeVisible();
      await expect(page.getByText(/on Wednesdays \(UTC\), every customer instead\./)).toBeVisible();

      await page.reload();
      await expect(page.getByRole('combobox', { name: 'Weekly full check' })).toHaveValue('3', { timeout: 30_000 });
      await expect(page.getByRole('combobox', { name: 'Nightly reconciliation starts at' })).toBeVisible();
      await expect(page.getByText(/on Wednesdays \(UTC\), every customer instead\./)).toBeVisible();
      // The field the nightly run reads (nightlyCheck.ts's FULL_RUN_WEEKDAY_FIELD).
      expect(await withFirestore(async (db) => (await db.doc('settings/ledgerdesk').get()).get('reconciliationFullRunWeekday'))).toBe(3);
      await page.screenshot(shot('reconciliation-weekly-check'));
    } finally {
      await withFirestore((db) => db.doc('settings/ledgerdesk').update({ reconciliationFullRunWeekday: FieldValue.delete() }));
    }
  });
});
