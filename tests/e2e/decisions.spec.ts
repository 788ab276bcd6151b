import { Timestamp } from 'firebase-admin/firestore';
import { mailsTo } from '../support/e2e/mailSink';
import { customerDoc, putCustomers, withFirestore, type TestCustomer } from '../support/e2e/customerPages';
import { expect, test } from '../support/e2e/fixtures';
import { ConfirmDialog, depositsScreen, openScreen, withdrawalsScreen, type MoneyScreen } from '../support/e2e/moneyPages';
import type { Shell } from '../support/e2e/pages';

// Each test writes its own customer and pending withdrawal, so the facts and warnings it checks
// are known (not verified, KYC pending, over the limit) and no other spec's changes matter.

const run = Date.now().toString(36);

function customer(tag: string): TestCustomer {
  return { id: `e2e-decide-${tag}-${run}`, fullname: `Dora Decide ${tag} ${run}`, email: `dora.${tag}.${run}@example.org` };
}

/** A customer who is not verified, whose KYC is pending and whose limit is below the withdrawal, with one pending withdrawal. */
async function pendingWithdrawal(who: TestCustomer, options: { amount: number; address: string; balance: number }): Promise<string> {
  await putCustomers([[who, { ...customerDoc(who, { balance: options.balance, verified: false, kyc: { status: 'pending' } }), withdrawalLimit: 100 }]]);
  const id = `${who.id}-withdrawal`;
  await withFirestore(async (db) => {
    await db.collection('withdrawals').doc(id).set({
      userId: who.id,
      email: who.email,
      username: who.fullname,
      amount: options.amount,
      cryptoType: 'BITCOIN',
      walletAddress: options.address,
      createdAt: Timestamp.now(),
      status: 'pending'
    });
  });
  return id;
}

/** The withdrawals screen narrowed to one customer, and their only row. */
async function theirWithdrawal(shell: Shell, screen: MoneyScreen, who: TestCustomer) {
  await openScreen(shell, 'Manage Withdrawals', screen);
  await screen.filters.pickCustomer(who.email, who.email);
  await expect.poll(() => screen.list.rowCount()).toBe(1);
  return screen.list.first({ status: 'pending' });
}

const VALID_BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

test.describe('Deciding on a withdrawal', () => {
  test('approving shows the facts, the exact effects and the warnings, and goes through with them', async ({ signedIn, page }) => {
    const who = customer('approve');
    await pendingWithdrawal(who, { amount: 150, address: 'not-a-bitcoin-address', balance: 400 });
    const screen = withdrawalsScreen(page);
    const row = await theirWithdrawal(signedIn, screen, who);

    await row.pick('approved');
    const dialog = new ConfirmDialog(page);
    await expect(dialog.root).toContainText(`Approve this withdrawal of $150.00 to ${who.email}?`);
    await expect(dialog.fact('Coin')).toHaveText('BITCOIN');
    await expect(dialog.fact('Destination address')).toContainText('not-a-bitcoin-address');
    await expect(dialog.fact('Verified')).toHaveText('No');
    await expect(dialog.fact('KYC')).toHaveText('Pending');
    await expect(dialog.fact('Balance')).toHaveText('$400.00');
    await expect(dialog.fact('Withdrawal limit')).toHaveText('$100.00');
    await expect(dialog.fact('Fee')).toHaveText('$3.00 (2%)');
    await expect(dialog.preview).toContainText(`Total withdrawal of ${who.fullname}`);
    await expect(dialog.preview).toContainText('$0.00');
    await expect(dialog.preview).toContainText('$150.00');
    await expect(dialog.preview).toContainText(`${who.email}: withdrawal processed e-mail`);

    // Warnings are shown above the buttons and do not block the decision.
    const warnings = dialog.notice(/things to check/);
    await expect(warnings).toBeVisible();
    await expect(warnings.getByRole('listitem')).toHaveCount(4);
    await expect(warnings).toContainText(/verified/i);
    await expect(warnings).toContainText(/KYC/);
    await expect(warnings).toContainText(/limit/i);
    await dialog.note('Checked with the customer by phone.');
    await page.screenshot({ path: 'screenshots/decision-withdrawal-approve.png', fullPage: true });
    await dialog.confirm('Approve withdrawal');

    await expect(screen.toast(/^Withdrawal approved/)).toBeVisible();
    await expect(row.badge).toHaveText('Approved');
    const audit = await withFirestore(async (db) =>
      (await db.collection('auditLog').where('entityPath', '==', `withdrawals/${who.id}-withdrawal`).get()).docs.map((d) => d.data())
    );
    expect(audit).toEqual([expect.objectContaining({ reason: 'Checked with the customer by phone.' })]);
  });

  test('rejecting asks a reason, and the customer is e-mailed that reason', async ({ signedIn, page }) => {
    const who = customer('reject');
    await pendingWithdrawal(who, { amount: 80, address: VALID_BTC, balance: 20 });
    const screen = withdrawalsScreen(page);
    const row = await theirWithdrawal(signedIn, screen, who);

    await row.pick('rejected');
    const dialog = new ConfirmDialog(page);
    await expect(dialog.fact('Destination address')).toContainText(`Valid BITCOIN address.`);
    await expect(dialog.preview).toContainText(`Balance of ${who.fullname} (refund)`);
    await expect(dialog.preview).toContainText(`${who.email}: withdrawal rejected e-mail`);

    // No reason yet: Enter in the form does not confirm, it says what is missing.
    await dialog.root.getByLabel('Reason', { exact: true }).press('Enter');
    await expect(dialog.root.getByText('Choose a reason.')).toBeVisible();
    const reason = `The receiving wallet belongs to a closed exchange ${run}`;
    await dialog.reason('Other…', reason);
    await dialog.root.getByLabel('Reason in your words').press('Enter');
    await expect(dialog.root).toBeHidden();

    await expect(screen.toast('Withdrawal rejected, amount added back to user balance.')).toBeVisible();
    await expect(row.badge).toHaveText('Rejected');
    await expect
      .poll(async () => (await mailsTo(who.email)).some((text) => text.includes(reason)), {
        timeout: 20_000
      })
      .toBe(true);
  });

  test('a decision on figures that moved is refused, shown again with the new figures, then confirmed', async ({ signedIn, page }) => {
    const who = customer('stale');
    await pendingWithdrawal(who, { amount: 50, address: VALID_BTC, balance: 200 });
    const screen = withdrawalsScreen(page);
    const row = await theirWithdrawal(signedIn, screen, who);

    await row.pick('rejected');
    const dialog = new ConfirmDialog(page);
    await expect(dialog.preview).toContainText('$200.00');
    await expect(dialog.preview).toContainText('$250.00');
    await dialog.reason('Did not meet the required conditions');

    // Someone else moves the customer's balance while the dialog is open.
    await withFirestore((db) => db.collection('users').doc(who.id).update({ balance: 300 }));
    await dialog.root.getByRole('button', { name: 'Reject withdrawal' }).click();

    await expect(dialog.notice('This record changed since you opened it.')).toBeVisible();
    await expect(dialog.preview).toContainText('$300.00');
    await expect(dialog.preview).toContainText('$350.00');
    // Nothing was written: the withdrawal is still pending (the page behind the dialog is hidden from the reader).
    expect(await withFirestore(async (db) => (await db.collection('withdrawals').doc(`${who.id}-withdrawal`).get()).get('status'))).toBe('pending');
    await page.screenshot({ path: 'screenshots/decision-stale-preview.png', fullPage: true });

    await dialog.confirm('Reject withdrawal');
    await expect(row.badge).toHaveText('Rejected');
    expect(await withFirestore(async (db) => (await db.collection('users').doc(who.id).get()).get('balance'))).toBe(350);
  });

  test('the Details toggle of a row shows the same facts inline', async ({ signedIn, page }) => {
    const who = customer('details');
    await pendingWithdrawal(who, { amount: 60, address: VALID_BTC, balance: 90 });
    const screen = withdrawalsScreen(page);
    const row = await theirWithdrawal(signedIn, screen, who);
    const toggle = row.cell('Wallet Address').getByRole('button', { name: 'Details' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const facts = page.getByRole('region', { name: 'Withdrawal facts' });
    await expect(facts).toContainText(VALID_BTC);
    await expect(facts).toContainText('$90.00');
    await page.screenshot({ path: 'screenshots/decision-withdrawal-row-details.png', fullPage: true });
    await toggle.click();
    await expect(facts).toBeHidden();
  });
});

test.describe('Deciding on a deposit', () => {
  test('shows the customer standing, earlier deposits and who gets a referral bonus', async ({ signedIn, page }) => {
    const screen = await openScreen(signedIn, 'Manage Deposits', depositsScreen(page));
    const row = await screen.list.first({ status: 'pending', withCustomer: true });
    await row.pick('success');
    const dialog = new ConfirmDialog(page);
    await expect(dialog.fact('Verified')).toHaveText(/^(Yes|No)$/);
    await expect(dialog.fact('KYC')).not.toBeEmpty();
    await expect(dialog.fact('Earlier deposits')).toHaveText(/^\d+$/);
    await expect(dialog.fact('Referral bonus to')).not.toBeEmpty();
    await expect(dialog.preview).toContainText('Total deposit of');
    await page.screenshot({ path: 'screenshots/decision-deposit.png', fullPage: true });
    await dialog.cancel();

    await row.pick('failed');
    await expect(dialog.root.getByLabel('Reason', { exact: true })).toBeVisible();
    await dialog.root.getByRole('button', { name: 'Mark failed' }).click();
    await expect(dialog.root.getByText('Choose a reason.')).toBeVisible();
    await dialog.cancel();
    await expect(row.badge).toHaveText('Pending');
  });
});
