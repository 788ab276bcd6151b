import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { Timestamp } from 'firebase-admin/firestore';
import { shortTxid } from '../../src/shared/domain/explorers';
import { BulkBar, selectPage } from '../support/e2e/bulkPages';
import { CustomerScreen } from '../support/e2e/customerPage';
import { customerDoc, putCustomers, removeTestCustomer, withFirestore, type TestCustomer } from '../support/e2e/customerPages';
import { expect, rpc, test, type AppAddress } from '../support/e2e/fixtures';
import { ConfirmDialog, openScreen, withdrawalsScreen } from '../support/e2e/moneyPages';

// Chain evidence on screen (docs/product-rules.md §5.6): a withdrawal approved with its txid shows
// the short form, Copy and the explorer link on its row, on the customer's page and in its facts;
// bulk approval is not offered while the platform requires a txid.

const run = Date.now().toString(36);
const written: TestCustomer[] = [];
const customer = (tag: string): TestCustomer => {
  const who = { id: `e2e-txid-${tag}-${run}`, fullname: `Tess Txid ${tag} ${run}`, email: `tess.${tag}.${run}@example.org` };
  written.push(who);
  return who;
};
test.afterAll(async () => {
  await Promise.all(written.splice(0).map(removeTestCustomer));
});

/** A customer with `count` pending BITCOIN withdrawals of $40 each. */
async function pendingWithdrawals(who: TestCustomer, count: number): Promise<void> {
  await putCustomers([[who, customerDoc(who, { balance: 500 })]]);
  await withFirestore(async (db) => {
    const batch = db.batch();
    for (let i = 0; i < count; i++) {
      batch.set(db.collection('withdrawals').doc(`${who.id}-withdrawal-${i}`), {
        userId: who.id,
        email: who.email,
        username: who.fullname,
        amount: 40,
        cryptoType: 'BITCOIN',
        walletAddress: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
        createdAt: Timestamp.fromMillis(Date.now() - i * 60_000),
        status: 'pending'
      });
    }
    await batch.commit();
  });
}

/** Sets whether a txid is required, through the API; answers what it was, to be put back. */
async function setRequireTxid(request: APIRequestContext, app: AppAddress, on: boolean): Promise<boolean> {
  const current = (await rpc(request, app, 'platformSettings.get')).value as { requireTxid: boolean };
  if (current.requireTxid !== on) {
    const saved = await rpc(request, app, 'platformSettings.save', { changes: { requireTxid: on }, operationId: crypto.randomUUID() });
    expect(saved.ok, JSON.stringify(saved.error)).toBe(true);
  }
  return current.requireTxid;
}

test.describe('Chain evidence on screen', () => {
  test('a withdrawal approved with its txid shows the short form, Copy and the explorer link on its row, its facts and the customer page', async ({
    signedIn,
    page,
    context,
    request,
    app
  }) => {
    // Three screens and a decision: on a machine shared with other suites it takes more than a minute.
    test.setTimeout(150_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const was = await setRequireTxid(request, app, false);
    try {
      const who = customer('approve');
      await pendingWithdrawals(who, 1);
      const txid = randomBytes(32).toString('hex');
      const short = shortTxid(txid);
      const explorer = `https://mempool.space/tx/${txid}`;

      const screen = withdrawalsScreen(page);
      await openScreen(signedIn, 'Manage Withdrawals', screen);
      await screen.filters.pickCustomer(who.email, who.email);
      await expect.poll(() => screen.list.rowCount()).toBe(1);
      const row = await screen.list.first({ status: 'pending' });
      await expect(row.cell('Wallet Address').getByRole('button', { name: 'Copy transaction id' })).toHaveCount(0);

      await row.pick('approved');
      const dialog = new ConfirmDialog(page);
      // Typed in capitals: it is checked and stored lower-cased.
      await dialog.root.getByLabel('Transaction id (txid)').fill(txid.toUpperCase());
      await expect(dialog.preview).not.toContainText('No transaction id');
      await dialog.confirm('Approve withdrawal');
      await expect(row.badge).toHaveText('Approved');

      // Beneath the wallet address it was paid to.
      const cell = row.cell('Wallet Address');
      await expect(cell).toContainText(short);
      await expect(cell.getByText(short)).toHaveAttribute('title', txid);
      const link = cell.getByRole('link', { name: `View transaction ${short} on the explorer` });
      await expect(link).toHaveAttribute('href', explorer);
      await expect(link).toHaveAttribute('target', '_blank');
      await cell.getByRole('button', { name: 'Copy transaction id' }).click();
      await expect(screen.toast('Transaction id copied.')).toBeVisible();
      expect(await page.evaluate('navigator.clipboard.readText()')).toBe(txid);

      // The row's facts (its Details toggle) carry it too.
      await row.cell('Wallet Address').getByRole('button', { name: 'Details' }).click();
      const facts = page.getByRole('region', { name: 'Withdrawal facts' });
      await expect(facts.getByRole('link', { name: `View transaction ${short} on the explorer` })).toHaveAttribute('href', explorer);
      await page.keyboard.press('Escape');

      // The customer's page: the Withdrawals tab's row, the same way.
      const customerPage = new CustomerScreen(page);
      await customerPage.goto(`/users/${who.id}?tab=withdrawals`);
      const rows = await customerPage.rows(/^Withdrawals, /);
      await expect(rows).toHaveCount(1);
      await expect(rows.first().getByRole('link', { name: `View transaction ${short} on the explorer` })).toHaveAttribute('href', explorer);
      await expect(rows.first().getByRole('button', { name: 'Copy transaction id' })).toBeVisible();
    } finally {
      await setRequireTxid(request, app, was);
    }
  });

  test('bulk approval is not offered while the platform requires a txid, and says why; off, its summary says the records carry none', async ({
    signedIn,
    page,
    request,
    app
  }) => {
    test.setTimeout(150_000);
    const was = await setRequireTxid(request, app, true);
    try {
      const who = customer('bulk');
      await pendingWithdrawals(who, 2);
      const screen = withdrawalsScreen(page);
      await openScreen(signedIn, 'Manage Withdrawals', screen);
      await screen.filters.pickCustomer(who.email, who.email);
      await expect.poll(() => screen.list.rowCount()).toBe(2);
      await selectPage(screen);
      const bar = new BulkBar(page);
      await expect(bar.root).toContainText('2 selected');
      await expect(bar.root).toContainText('Each needs its own transaction id: decide them one by one.');
      await expect(bar.root.getByRole('button', { name: 'Set Approved' })).toBeDisabled();
      await expect(bar.root.getByRole('button', { name: 'Set Rejected' })).toBeEnabled();

      await setRequireTxid(request, app, false);
      await page.reload();
      await screen.list.loaded();
      await expect.poll(() => screen.list.rowCount()).toBe(2);
      await selectPage(screen);
      await expect(bar.root.getByRole('button', { name: 'Set Approved' })).toBeEnabled();
      await expect(bar.root).not.toContainText('decide them one by one');
      const dialog = await bar.set('Approved');
      await expect(dialog.root).toContainText('These records will carry no transaction id (txid).');
      await expect(dialog.changing.getByRole('listitem')).toHaveCount(2);
      await dialog.root.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog.root).toBeHidden();
      expect(await withFirestore(async (db) => (await db.collection('withdrawals').doc(`${who.id}-withdrawal-0`).get()).get('status'))).toBe('pending');
    } finally {
      await setRequireTxid(request, app, was);
    }
  });
});
