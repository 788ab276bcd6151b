import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page, Route } from '@playwright/test';
import Papa from 'papaparse';
import { timeZoneName } from '../../src/shared/domain/timeZone';
import { csvHeaders, exportColumns } from '../../src/shared/export/csv';
import { expect, rpc, test } from '../support/e2e/fixtures';
import { depositsScreen, openScreen, withdrawalsScreen } from '../support/e2e/moneyPages';
import { toast } from '../support/e2e/settingsPages';

const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/** The zone the desk shows times in until one is chosen: this computer's, as the browser knows it. Its name heads each time column. */
const shownZone = async (page: Page) => timeZoneName(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone));

/** Routes only the export's requests (pageSize 500), not the list the screen shows. */
async function onExportPages(page: Page, method: string, handle: (route: Route, body: Record<string, unknown>) => Promise<void>) {
  await page.route(`**/rpc/${method}`, async (route) => {
    const body = (route.request().postDataJSON() ?? {}) as Record<string, unknown>;
    if (body.pageSize !== 500) return route.continue();
    return handle(route, body);
  });
}

test('deposits export to a CSV with every deposit', async ({ signedIn: shell, page, request, app }) => {
  const screen = await openScreen(shell, 'Manage Deposits', depositsScreen(page));
  const first = await rpc(request, app, 'deposits.list');
  const total = (first.value as { total: number }).total;
  expect(total).toBe(200);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`deposits-${today()}.csv`);
  await expect(screen.toast(`Exported ${total} rows.`)).toBeVisible();

  const text = await readFile(await download.path(), 'utf8');
  const parsed = Papa.parse<string[]>(text.replace(/^\ufeff/, ''), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  const [header, ...rows] = parsed.data;
  expect(header).toEqual(csvHeaders(exportColumns.deposits, await shownZone(page)));
  expect(rows).toHaveLength(total);
  // One row per deposit: the ID column has no duplicates.
  expect(new Set(rows.map((r) => r.at(-1))).size).toBe(total);
  const statuses = new Set(rows.map((r) => r[header!.indexOf('Status')]));
  expect([...statuses].sort()).toEqual(['failed', 'pending', 'success']);
});

test('Cancel stops after the page in flight and saves nothing', async ({ signedIn: shell, page }) => {
  await openScreen(shell, 'Manage Deposits', depositsScreen(page));
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await onExportPages(page, 'deposits.list', async (route) => {
    await held;
    await route.continue();
  });
  let downloads = 0;
  page.on('download', () => (downloads += 1));

  await page.getByRole('button', { name: 'Export CSV' }).click();
  const progress = page.getByRole('dialog', { name: 'Exporting deposits' });
  await expect(progress.getByRole('progressbar')).toBeVisible();
  await expect(progress).toContainText('Fetched 0 rows');
  await progress.getByRole('button', { name: 'Cancel' }).click();
  await expect(progress).toContainText('Cancelling after the current page');
  release();

  await expect(toast(page, 'Export cancelled.')).toBeVisible();
  await expect(progress).toBeHidden();
  expect(downloads).toBe(0);
});

test('a failed page ends the export with "Export failed." and the reason', async ({ signedIn: shell, page }) => {
  await shell.open('Audit log');
  await expect(shell.heading()).toHaveText('Audit log');
  await onExportPages(page, 'audit.list', (route) =>
    route.fulfill({ json: { ok: false, error: { code: 'UNAVAILABLE', message: 'The database did not answer.' } } })
  );
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(toast(page, 'Export failed.')).toBeVisible();
  await expect(toast(page, 'The database did not answer.')).toBeVisible();
});

test('the audit log exports the entries of the current kind filter', async ({ signedIn: shell, page, request, app }) => {
  // A plan entry to export: change a plan and put it back (two audited updates).
  for (const roi of [8.5, 8]) {
    const changed = await rpc(request, app, 'plans.update', {
      id: 'silver',
      name: 'Silver',
      min: 1000,
      max: 4999,
      roi,
      duration: 14,
      operationId: randomUUID()
    });
    expect(changed.ok, JSON.stringify(changed.error)).toBe(true);
  }
  await shell.open('Audit log');
  await expect(shell.heading()).toHaveText('Audit log');
  await page.getByLabel('Kind').selectOption('plan');
  await expect(page.getByText(/^Showing \d+/)).toBeVisible();

  // Watched, not routed: request interception stops Chromium from reporting blob downloads.
  const kinds: unknown[] = [];
  page.on('request', (req) => {
    if (!req.url().endsWith('/rpc/audit.list')) return;
    const body = (req.postDataJSON() ?? {}) as Record<string, unknown>;
    if (body.pageSize === 500) kinds.push(body.kind);
  });
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`audit-plan-${today()}.csv`);
  expect(kinds).toEqual(['plan']);
  const parsed = Papa.parse<string[]>((await readFile(await download.path(), 'utf8')).replace(/^\ufeff/, ''), { skipEmptyLines: true });
  const [header, ...rows] = parsed.data;
  expect(header).toEqual(csvHeaders(exportColumns.audit, await shownZone(page)));
  expect(rows.length).toBeGreaterThanOrEqual(2);
  for (const row of rows) expect(row[header!.indexOf('Kind')]).toBe('plan');
});

test('referrals export with referrer names, and customers export every customer', async ({ signedIn: shell, page, request, app }) => {
  // users.list leaves its count to users.count, so its rows never wait for two aggregations.
  for (const [link, heading, file, countedBy] of [
    ['Referrals', 'Admin Referral Dashboard', 'referrals', 'referrals.list'],
    ['Manage Users', 'Manage Users', 'customers', 'users.count']
  ] as const) {
    await shell.nav.getByRole('link', { name: link }).click();
    // The screen is code-split: until its heading shows, the button on screen may still be the last screen's.
    await expect(shell.heading()).toHaveText(heading);
    const counted = await rpc(request, app, countedBy);
    const total = (counted.value as { total: number }).total;
    expect(total, file).toBeGreaterThan(0);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${file}-${today()}.csv`);
    const text = await readFile(await download.path(), 'utf8');
    const [header, ...rows] = Papa.parse<string[]>(text.replace(/^\ufeff/, ''), { skipEmptyLines: true }).data;
    expect(rows, file).toHaveLength(total);
    if (file === 'referrals') {
      expect(header).toEqual(csvHeaders(exportColumns.referrals, await shownZone(page)));
      expect(rows.filter((r) => r[0] === 'Unknown').length).toBeGreaterThan(0);
      expect(rows.filter((r) => r[0] !== 'Unknown').length).toBeGreaterThan(0);
    } else {
      expect(header).toEqual(csvHeaders(exportColumns.users, await shownZone(page)));
      expect(text).not.toMatch(/password/i);
    }
  }
});

test('the pending withdrawals queue exports only pending withdrawals, oldest first, and its file says so', async ({ signedIn: shell, page, request, app }) => {
  const screen = await openScreen(shell, 'Manage Withdrawals', withdrawalsScreen(page));
  await screen.filters.tab('Pending').click();
  await expect(page).toHaveURL(/status=pending/);
  const counted = await rpc(request, app, 'withdrawals.counts', {});
  const pending = (counted.value as { statuses: Record<string, number> }).statuses.pending!;
  await expect(screen.list.count).toHaveText(new RegExp(`^Showing \\d+ of ${pending} `));

  const sent: unknown[] = [];
  page.on('request', (req) => {
    if (!req.url().endsWith('/rpc/withdrawals.list')) return;
    const body = (req.postDataJSON() ?? {}) as Record<string, unknown>;
    if (body.pageSize === 500) sent.push({ status: body.status, order: body.order });
  });
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`withdrawals-pending-oldest-${today()}.csv`);
  expect(sent[0]).toEqual({ status: 'pending', order: 'oldest' });
  const [header, ...rows] = Papa.parse<string[]>((await readFile(await download.path(), 'utf8')).replace(/^\ufeff/, ''), { skipEmptyLines: true }).data;
  expect(rows).toHaveLength(pending);
  for (const row of rows) expect(row[header!.indexOf('Status')]).toBe('pending');
  const createdAt = header!.indexOf(`Created At (${await shownZone(page)})`);
  expect(createdAt).toBeGreaterThanOrEqual(0);
  const created = rows.map((r) => r[createdAt]!);
  expect([...created].sort()).toEqual(created);
});
