import { randomUUID } from 'node:crypto';
import { readMailSink } from '../../tools/devenv/mail-sink';
import { expect, rpc, test } from '../support/e2e/fixtures';
import { coins, PlansScreen, toast, validAddresses, WalletsScreen, WebmailScreen, type Coin } from '../support/e2e/settingsPages';

test.describe('Investment plans', () => {
  test('an invalid value shows its error and blocks Update; nothing is sent', async ({ signedIn: shell, page }) => {
    const plans = new PlansScreen(page);
    await plans.open(shell);
    await expect(plans.updateButton('Starter')).toBeDisabled();

    let sent = 0;
    await page.route('**/rpc/plans.update', (route) => {
      sent += 1;
      return route.continue();
    });

    await plans.edit('Starter', { Min: 'abc' });
    await expect(plans.row('Starter')).toContainText('Enter a number.');
    await expect(plans.field('Starter', 'Min')).toHaveAttribute('aria-invalid', 'true');
    await expect(plans.updateButton('Starter')).toBeDisabled();

    await plans.edit('Starter', { Min: '50', Max: '10' });
    await expect(plans.row('Starter')).toContainText('The maximum must be at least the minimum.');
    await expect(plans.updateButton('Starter')).toBeDisabled();

    await plans.edit('Starter', { Max: '999', 'Duration (days)': '2.5' });
    await expect(plans.row('Starter')).toContainText('Enter a whole number of days.');
    // Enter in a field submits its row, but not while it is invalid.
    await plans.field('Starter', 'Duration (days)').press('Enter');
    await expect(plans.updateButton('Starter')).toBeDisabled();

    // Back to the stored values: no change, so Update stays disabled.
    await plans.edit('Starter', { 'Duration (days)': '7' });
    await expect(plans.row('Starter')).not.toContainText('Enter');
    await expect(plans.updateButton('Starter')).toBeDisabled();
    expect(sent).toBe(0);
  });

  test('an updated plan persists after a reload', async ({ signedIn: shell, page }) => {
    const plans = new PlansScreen(page);
    await plans.open(shell);
    const before = await plans.values('Silver');
    expect(before).toEqual({ Name: 'Silver', Min: '1000', Max: '4999', 'ROI (%)': '8', 'Duration (days)': '14' });

    try {
      await plans.edit('Silver', { 'ROI (%)': '9.5', 'Duration (days)': '21' });
      await expect(plans.updateButton('Silver')).toBeEnabled();
      // Enter in a field updates its row.
      await plans.field('Silver', 'Duration (days)').press('Enter');
      await expect(toast(page, 'Plan updated successfully.')).toBeVisible();
      await expect(plans.updateButton('Silver')).toBeDisabled();

      await page.reload();
      await expect(shell.heading()).toHaveText('Manage Investment Plans');
      await expect(plans.field('Silver', 'ROI (%)')).toHaveValue('9.5');
      await expect(plans.field('Silver', 'Duration (days)')).toHaveValue('21');
      await expect(plans.updateButton('Silver')).toBeDisabled();
    } finally {
      // Other specs see the demo plans as seeded.
      await plans.edit('Silver', { 'ROI (%)': before['ROI (%)'], 'Duration (days)': before['Duration (days)'] });
      await plans.update('Silver');
    }
    await expect(plans.field('Silver', 'ROI (%)')).toHaveValue('8');
  });

  test('the compounding plan shows read-only under the plans', async ({ signedIn: shell, page }) => {
    const plans = new PlansScreen(page);
    await plans.open(shell);
    const section = page.getByRole('region', { name: 'Compounding plan' });
    await expect(section).toContainText('$500.00');
    await expect(section).toContainText('30 days');
    await expect(section.getByRole('textbox')).toHaveCount(0);
  });
});

test.describe('Wallet addresses', () => {
  test('an invalid address shows its error and blocks saving', async ({ signedIn: shell, page }) => {
    const wallets = new WalletsScreen(page);
    await wallets.open(shell);
    await expect(wallets.save).toBeDisabled();

    let sent = 0;
    await page.route('**/rpc/wallets.save', (route) => {
      sent += 1;
      return route.continue();
    });

    // One character changed: the checksum catches the typo.
    await wallets.fill({ BITCOIN: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5' });
    await expect(wallets.error('BITCOIN')).toContainText('checksum');
    await expect(wallets.input('BITCOIN')).toHaveAttribute('aria-invalid', 'true');
    // USDT takes an Ethereum or a Tron address, not a Bitcoin one.
    await wallets.fill({ USDT: validAddresses.BITCOIN });
    await expect(wallets.error('USDT')).toBeVisible();

    await wallets.save.click();
    await expect(wallets.confirmation).toBeHidden();
    await expect(wallets.input('BITCOIN')).toBeFocused();
    expect(sent).toBe(0);
  });

  test('saving asks first with old -> new, then persists after a reload', async ({ signedIn: shell, page, request, app }) => {
    const wallets = new WalletsScreen(page);
    await wallets.open(shell);
    const stored = await rpc(request, app, 'wallets.get');
    const original = (stored.value as { addresses: Record<Coin, string> }).addresses;
    expect(await wallets.values()).toEqual(original);

    try {
      await wallets.fill(validAddresses);
      const changed = coins.filter((c) => original[c] !== validAddresses[c]);
      expect(changed.length).toBeGreaterThan(0);

      // Cancel keeps everything as stored.
      await wallets.save.click();
      await expect(wallets.confirmation).toBeVisible();
      await wallets.confirmation.getByRole('button', { name: 'Cancel' }).click();
      await expect(wallets.confirmation).toBeHidden();
      expect((await rpc(request, app, 'wallets.get')).value).toEqual({ addresses: original });

      await wallets.save.click();
      await expect(wallets.confirmation).toContainText('Customers send their money to these addresses');
      for (const coin of changed) {
        await expect(wallets.confirmation).toContainText(original[coin]);
        await expect(wallets.confirmation).toContainText(validAddresses[coin]);
      }
      await wallets.confirm();

      await page.reload();
      await expect(shell.heading()).toHaveText('Admin Wallet Addresses');
      await expect(wallets.input('LITECOIN')).toHaveValue(validAddresses.LITECOIN);
      expect(await wallets.values()).toEqual(validAddresses);
      await expect(wallets.save).toBeDisabled();
    } finally {
      // Other specs (and people looking at screenshots) see the seeded addresses.
      const restored = await rpc(request, app, 'wallets.save', { addresses: original, operationId: randomUUID() });
      expect(restored.ok || restored.error?.code === 'CONFLICT', JSON.stringify(restored.error)).toBe(true);
    }
  });
});

test.describe('Webmail', () => {
  test('an e-mail to a picked customer reaches the mail sink', async ({ signedIn: shell, page }) => {
    const mailDir = process.env.LEDGERDESK_E2E_MAIL_DIR;
    if (!mailDir) throw new Error('The e2e global setup did not start the mail sink.');
    const webmail = new WebmailScreen(page);
    await webmail.open(shell);

    // The picker searches only after 2 characters.
    await webmail.recipient.fill('c');
    await expect(page.getByText('Type at least 2 characters of a name or e-mail address.')).toBeVisible();
    await webmail.pick('cas', 'Casey Customer');
    await expect(webmail.picked()).toContainText('customer@ledgerdesk.test');

    const subject = `Your account review ${Date.now()}`;
    await webmail.write({
      subject,
      company: 'Ledgerdesk Capital',
      html: '<h1>Hello Casey</h1><p>Your account is in good order.</p><script>document.body.textContent = "ran"</script>'
    });
    // The preview renders the HTML and runs none of its scripts.
    await expect(webmail.preview).toHaveAttribute('sandbox', '');
    await expect(webmail.previewBody().locator('h1')).toHaveText('Hello Casey');
    await expect(webmail.previewBody()).not.toContainText('ran');

    await webmail.send.click();
    await expect(toast(page, 'Email sent successfully!')).toBeVisible();
    // The form is cleared for the next message.
    await expect(webmail.subject).toHaveValue('');
    await expect(webmail.recipient).toHaveValue('');

    await expect
      .poll(async () => (await readMailSink(mailDir)).filter((m) => m.subject === subject).map((m) => m.to), { timeout: 15_000 })
      .toEqual([expect.stringContaining('customer@ledgerdesk.test')]);
  });

  test('an empty field opens the "Error" dialog and nothing is sent', async ({ signedIn: shell, page }) => {
    const webmail = new WebmailScreen(page);
    await webmail.open(shell);
    // The company name starts as the configured platform's (the demo's name here).
    await expect(webmail.company).toHaveValue('Ledgerdesk Demo Invest');
    await webmail.company.fill('');
    let sent = 0;
    await page.route('**/rpc/mail.send', (route) => {
      sent += 1;
      return route.continue();
    });

    await webmail.send.click();
    await expect(webmail.errorDialog).toContainText('Please fill in all fields');
    await webmail.errorDialog.getByRole('button', { name: 'OK' }).click();
    await expect(webmail.errorDialog).toBeHidden();

    // Text typed in the picker is not a recipient until one is picked.
    await webmail.recipient.fill('casey');
    await webmail.write({ subject: 'Hello', company: 'Ledgerdesk Capital', html: '<p>Hi</p>' });
    await webmail.send.click();
    await expect(webmail.errorDialog).toContainText('Please fill in all fields');
    await expect(webmail.errorDialog).toContainText('Recipient');
    await page.keyboard.press('Escape');
    await expect(webmail.errorDialog).toBeHidden();
    expect(sent).toBe(0);
  });
});
