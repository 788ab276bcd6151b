import { FieldValue } from 'firebase-admin/firestore';
import type { Page } from '@playwright/test';
import { withFirestore } from '../support/e2e/customerPages';
import { expect, rpc, test } from '../support/e2e/fixtures';
import { depositsScreen, openScreen } from '../support/e2e/moneyPages';

// The zone this computer shows times in (the sidebar's Time zone) decides which instants a list's
// From/To days mean, how its times read, and it is kept for the next start.

const PLATFORM_ZONE = 'Asia/Kolkata';

/** The calendar day of an instant in `timeZone`, YYYY-MM-DD. */
const dayIn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));

/** Picks a choice in the sidebar's Time zone dialog (its picture taken in `screenshot`), then closes it. */
async function showTimesIn(page: Page, choice: RegExp, screenshot?: string) {
  await page.getByRole('button', { name: /^Time zone/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Time zone' });
  await dialog.getByRole('radio', { name: choice }).check();
  await expect(dialog.getByRole('radio', { name: choice })).toBeChecked();
  if (screenshot) await page.screenshot({ path: screenshot, fullPage: true });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test('the zone chosen for this computer decides the days a list’s dates cover and names every time', async ({ signedIn, page, request, app }) => {
  await withFirestore((db) => db.doc('settings/ledgerdesk').set({ timeZone: PLATFORM_ZONE }, { merge: true }));
  try {
    const all = await rpc(request, app, 'deposits.list', { pageSize: 500 });
    const stamps = (all.value as { rows: { timestamp: string | null }[] }).rows.flatMap((r) => (r.timestamp ? [r.timestamp] : []));
    // What a day's tab should count in a zone: the platform's count between the day's first and last instant there, worked out here.
    const counted = async (day: string, offset: string) => {
      const from = new Date(`${day}T00:00:00.000${offset}`);
      const to = new Date(from.getTime() + 86_400_000 - 1);
      const counts = await rpc(request, app, 'deposits.counts', { from: from.toISOString(), to: to.toISOString() });
      return (counts.value as { all: number }).all;
    };
    // A day whose deposits are not the same in UTC and in Kolkata (some fell after 18:30 UTC, the next day there), with
    // deposits in both zones, so the rows' times are read in each. The demo's dates follow the clock: which day it is varies.
    let day: string | undefined;
    const expected = { utc: 0, platform: 0 };
    for (const candidate of [...new Set(stamps.map((at) => dayIn(at, 'UTC')))].sort()) {
      const [utc, platform] = [await counted(candidate, 'Z'), await counted(candidate, '+05:30')];
      if (utc > 0 && platform > 0 && utc !== platform) {
        [day, expected.utc, expected.platform] = [candidate, utc, platform];
        break;
      }
    }
    expect(day, `a day of the ${stamps.length} demo deposits that differs between UTC and Kolkata (${all.error?.message ?? 'listed'})`).toBeDefined();

    const screen = await openScreen(signedIn, 'Manage Deposits', depositsScreen(page));
    const { filters, list } = screen;
    await filters.dates(day!, day!);
    await expect(page).toHaveURL(new RegExp(`from=${day}.*to=${day}`));

    await showTimesIn(page, /^UTC/);
    await expect(filters.zone).toHaveText('· Times in UTC');
    await expect(filters.tab('All')).toHaveText(new RegExp(`^All\\s*${expected.utc}$`));
    await expect(list.rows.locator('time').first()).toHaveText(/ UTC$/);
    await expect(page.getByRole('button', { name: /^Time zone/ })).toContainText('UTC');

    await showTimesIn(page, /^The platform’s zone/, 'screenshots/time-zone-setting.png');
    await expect(filters.zone).toHaveText(`· Times in ${PLATFORM_ZONE} (UTC+05:30)`);
    await expect(filters.tab('All')).toHaveText(new RegExp(`^All\\s*${expected.platform}$`));
    await expect(list.rows.locator('time').first()).toHaveText(new RegExp(` ${PLATFORM_ZONE}$`));
    // The days stay the administrator's: From and To still say the day chosen.
    await expect(filters.from).toHaveValue(day!);

    // Kept on this computer: a new start shows the platform's zone again.
    await page.reload();
    await expect(filters.zone).toHaveText(`· Times in ${PLATFORM_ZONE} (UTC+05:30)`);
    await expect(filters.tab('All')).toHaveText(new RegExp(`^All\\s*${expected.platform}$`));
    expect((await rpc(request, app, 'timeZone.get')).value).toEqual({ shownIn: 'platform' });
  } finally {
    await rpc(request, app, 'timeZone.set', { shownIn: 'computer' });
    await withFirestore((db) => db.doc('settings/ledgerdesk').update({ timeZone: FieldValue.delete() }));
  }
});
