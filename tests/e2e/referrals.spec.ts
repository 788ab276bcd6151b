import { expect, test } from '../support/e2e/fixtures';
import { ReferralsScreen, demoReferralCounts } from '../support/e2e/customerPages';

const COLUMNS = ['Referrer Name', 'Client Name', 'Client Email', 'Client Status', 'Date Registered'];

test.describe('Admin Referral Dashboard', () => {
  test('10 referrals per page, newest first; referrers by name and "Unknown" where no customer matches', async ({ signedIn, page }) => {
    const expected = demoReferralCounts();
    const referrals = await new ReferralsScreen(page).open(signedIn);
    await expect(referrals.table.getByRole('columnheader')).toHaveText(COLUMNS);
    await expect(referrals.rows).toHaveCount(10);
    await expect(referrals.count).toHaveText(`Showing 10 of ${expected.total} referrals`);

    await referrals.loadAll();
    await expect(referrals.rows).toHaveCount(expected.total);
    await expect(referrals.loadMore).toBeHidden();

    const cells = (column: string) => referrals.rows.locator(`td:nth-child(${COLUMNS.indexOf(column) + 1})`);
    await expect(cells('Client Status')).toHaveText(Array.from({ length: expected.total }, () => 'Active'));
    await expect(cells('Referrer Name').filter({ hasText: /^Unknown$/ })).toHaveCount(expected.unknown);
    for (const { referrer, client } of expected.named.slice(0, 5)) {
      const row = referrals.rows.filter({ has: page.locator('td:nth-child(2)', { hasText: new RegExp(`^${client}$`) }) });
      await expect(row.locator('td:nth-child(1)')).toHaveText(referrer);
    }

    // Newest first: each Date Registered is no later than the one above it.
    const times = await cells('Date Registered')
      .locator('time')
      .evaluateAll((els) => els.map((el) => el.getAttribute('datetime') ?? ''));
    expect(times).toHaveLength(expected.total);
    expect([...times].sort().reverse()).toEqual(times);

    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: 'screenshots/referrals.png', fullPage: true });
  });
});
