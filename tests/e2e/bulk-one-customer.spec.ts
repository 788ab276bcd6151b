import { BulkBar, selectPage } from '../support/e2e/bulkPages';
import { CustomerScreen } from '../support/e2e/customerPage';
import { customerDoc, putCustomers, putPendingRequests, removeTestCustomer, withFirestore, type TestCustomer } from '../support/e2e/customerPages';
import { expect, test } from '../support/e2e/fixtures';
import { depositsScreen, openScreen } from '../support/e2e/moneyPages';

// Bulk decisions on records that share a customer: each record is saved on its own, and each
// expects the figures the run's earlier records left, so none is refused as changed.
const run = Date.now().toString(36);
const written: TestCustomer[] = [];
const customer = (tag: string): TestCustomer => {
  const who = { id: `e2e-same-${tag}-${run}`, fullname: `Sam Same ${tag} ${run}`, email: `sam.${tag}.${run}@example.org` };
  written.push(who);
  return who;
};
test.afterAll(async () => {
  await Promise.all(written.splice(0).map(removeTestCustomer));
});

const field = (path: string, name: string) => withFirestore(async (db) => (await db.doc(path).get()).get(name) as unknown);
const auditsAbout = (prefix: string) =>
  withFirestore(async (db) => (await db.collection('auditLog').where('entityPath', '>=', prefix).where('entityPath', '<', `${prefix}~`).get()).size);

test.describe('Bulk decisions on one customer', () => {
  test('five deposits of one referred customer set to Success: 5 done, their total and the referral bonuses grow by each', async ({ signedIn, page }) => {
    const who = customer('deposits');
    const referrer = customer('referrer');
    const code = `REF-${run}`.toUpperCase();
    const referred = { ...customerDoc(who), referreduserid: code };
    await putCustomers([
      [who, referred],
      [referrer, { ...customerDoc(referrer, { balance: 10 }), myReferralId: code }]
    ]);
    const removeRequests = await putPendingRequests(who, { deposits: 5, withdrawals: 0 });
    try {
      const screen = depositsScreen(page);
      await openScreen(signedIn, 'Manage Deposits', screen);
      await screen.filters.pickCustomer(who.email, who.email);
      await expect.poll(() => screen.list.rowCount()).toBe(5);
      await selectPage(screen);
      const dialog = await new BulkBar(page).set('Success');
      await expect(dialog.changing.getByRole('listitem')).toHaveCount(5);
      await dialog.root.getByRole('button', { name: 'Set 5 to Success' }).click();
      await expect(dialog.root).toContainText('5 done, 0 refused.');
      await page.screenshot({ path: 'screenshots/bulk-one-customer-deposits.png', fullPage: true });
      await dialog.close();

      // Five deposits of $100.00: the total grows by $500.00, and the referrer gets 5% of each.
      expect(await field(`users/${who.id}`, 'Totaldeposit')).toBe(500);
      expect(await field(`users/${referrer.id}`, 'balance')).toBe(35);
      expect(await auditsAbout(`deposits/${who.id}`)).toBe(5);
    } finally {
      await removeRequests();
    }
  });

  test("three withdrawals rejected from the customer's page: 3 done, each refunded once", async ({ signedIn: _shell, page }) => {
    const who = customer('withdrawals');
    await putCustomers([[who, customerDoc(who, { balance: 20 })]]);
    const removeRequests = await putPendingRequests(who, { deposits: 0, withdrawals: 3 });
    try {
      const screen = new CustomerScreen(page);
      await screen.goto(`/users/${who.id}`);
      await expect(screen.heading).toHaveText(who.fullname);
      await screen.open('Withdrawals');
      await expect(await screen.rows(/withdrawals/i)).toHaveCount(3);
      await screen
        .table(/withdrawals/i)
        .getByRole('checkbox', { name: 'Select every row on this page' })
        .check();
      const dialog = await new BulkBar(page).set('Rejected');
      await dialog.reason('The destination address is not valid for this coin');
      await dialog.root.getByRole('button', { name: 'Set 3 to Rejected' }).click();
      await expect(dialog.root).toContainText('3 done, 0 refused.');
      await page.screenshot({ path: 'screenshots/bulk-one-customer-withdrawals.png', fullPage: true });
      await dialog.close();

      // Three withdrawals of $50.00 refunded once each on top of $20.00.
      expect(await field(`users/${who.id}`, 'balance')).toBe(170);
      expect(await auditsAbout(`withdrawals/${who.id}`)).toBe(3);
    } finally {
      await removeRequests();
    }
  });
});
