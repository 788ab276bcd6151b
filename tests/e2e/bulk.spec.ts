import { randomUUID } from 'node:crypto';
import { SUCCESSFUL_DEPOSIT_LOCKED } from '../../src/shared/domain/statuses';
import { BulkBar, selectPage } from '../support/e2e/bulkPages';
import { customerDoc, putCustomers, putPendingRequests, removeTestCustomer, withFirestore, type TestCustomer } from '../support/e2e/customerPages';
import { expect, rpc, test } from '../support/e2e/fixtures';
import { depositsScreen, openScreen } from '../support/e2e/moneyPages';
import type { Shell } from '../support/e2e/pages';
import type { Page } from '@playwright/test';

const run = Date.now().toString(36);
const written: TestCustomer[] = [];
const customer = (tag: string): TestCustomer => {
  const who = { id: `e2e-bulk-${tag}-${run}`, fullname: `Bea Bulk ${tag} ${run}`, email: `bea.${tag}.${run}@example.org` };
  written.push(who);
  return who;
};
test.afterAll(async () => {
  await Promise.all(written.splice(0).map(removeTestCustomer));
});

const statuses = (who: TestCustomer) =>
  withFirestore(async (db) =>
    (await db.collection('deposits').where('userId', '==', who.id).get()).docs.map((d) => [d.id, d.get('status') as string] as const)
  );

/** Five pending deposits of a new customer, and the deposits screen showing only them. */
async function fiveOfTheirDeposits(shell: Shell, page: Page, who: TestCustomer) {
  await putCustomers([[who, customerDoc(who)]]);
  await putPendingRequests(who, { deposits: 5, withdrawals: 0 });
  const screen = depositsScreen(page);
  await openScreen(shell, 'Manage Deposits', screen);
  await screen.filters.pickCustomer(who.email, who.email);
  await expect.poll(() => screen.list.rowCount()).toBe(5);
  return screen;
}

test.describe('Bulk decisions on deposits', () => {
  test('failing five deposits where one is already successful: 4 done, 1 refused, the successful one untouched', async ({ signedIn, page, request, app }) => {
    const who = customer('fail');
    const screen = await fiveOfTheirDeposits(signedIn, page, who);
    const approvedId = `${who.id}-deposit-2`;
    const preview = await rpc(request, app, 'deposits.preview', { id: approvedId, status: 'success' });
    const approved = await rpc(request, app, 'deposits.setStatus', {
      id: approvedId,
      status: 'success',
      operationId: randomUUID(),
      version: (preview.value as { version: string }).version
    });
    expect(approved.ok, JSON.stringify(approved.error)).toBe(true);
    // The screen still shows it pending: the bulk summary reads each record afresh.
    await selectPage(screen);
    const bar = new BulkBar(page);
    await expect(bar.root).toContainText('5 selected');
    await page.screenshot({ path: 'screenshots/bulk-bar.png', fullPage: true });

    const dialog = await bar.set('Failed');
    await expect(dialog.changing.getByRole('listitem')).toHaveCount(4);
    await expect(dialog.cannot.getByRole('listitem')).toHaveCount(1);
    await expect(dialog.cannot).toContainText(SUCCESSFUL_DEPOSIT_LOCKED);
    await expect(dialog.group(/^Money moved/)).toContainText('No money moves.');
    // A failure needs its reason, for all four.
    await dialog.root.getByRole('button', { name: 'Set 4 to Failed' }).click();
    await expect(dialog.root.getByText('Choose a reason.')).toBeVisible();
    await dialog.reason('The payment was not received');
    await page.screenshot({ path: 'screenshots/bulk-summary.png', fullPage: true });
    await dialog.root.getByRole('button', { name: 'Set 4 to Failed' }).dblclick();

    await expect(dialog.root).toContainText('4 done, 1 refused.');
    await expect(dialog.resultLines().filter({ hasText: 'Done' })).toHaveCount(4);
    await expect(dialog.resultLines().filter({ hasText: 'Refused' })).toContainText(SUCCESSFUL_DEPOSIT_LOCKED);
    await expect(dialog.progress).toHaveAttribute('aria-valuetext', '4 of 4');
    await page.screenshot({ path: 'screenshots/bulk-result.png', fullPage: true });
    await dialog.close();

    const stored = new Map(await statuses(who));
    expect(stored.get(approvedId)).toBe('success');
    expect([...stored].filter(([id]) => id !== approvedId).map(([, status]) => status)).toEqual(['failed', 'failed', 'failed', 'failed']);
    // One audit entry per record changed: each ran as its own action.
    const audits = await withFirestore(
      async (db) => (await db.collection('auditLog').where('entityPath', '>=', `deposits/${who.id}`).where('entityPath', '<', `deposits/${who.id}~`).get()).size
    );
    expect(audits).toBe(5);
    await expect(screen.list.rows.filter({ hasText: 'Failed' }).first()).toBeVisible();
  });

  test('stopping midway finishes the record in flight and leaves the rest untouched', async ({ signedIn, page }) => {
    const who = customer('stop');
    const screen = await fiveOfTheirDeposits(signedIn, page, who);
    await selectPage(screen);
    const dialog = await new BulkBar(page).set('Failed');
    await dialog.reason('Duplicate deposit request');

    // The first save is held until Stop has been pressed, so the run stops after exactly one record.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let saves = 0;
    await page.route('**/rpc/deposits.setStatus', async (route) => {
      saves += 1;
      if (saves === 1) await held;
      await route.continue();
    });
    await dialog.root.getByRole('button', { name: 'Set 5 to Failed' }).click();
    await expect(dialog.progress).toHaveAttribute('aria-valuetext', '0 of 5');
    await page.screenshot({ path: 'screenshots/bulk-running.png', fullPage: true });
    await dialog.root.getByRole('button', { name: 'Stop' }).click();
    await expect(dialog.root.getByRole('button', { name: /Stopping/ })).toBeVisible();
    release();

    await expect(dialog.root).toContainText('Stopped: 4 records were not changed.');
    await expect(dialog.root).toContainText('1 done, 0 refused.');
    await expect(dialog.resultLines().filter({ hasText: 'Not changed' })).toHaveCount(4);
    expect(saves).toBe(1);
    const stored = (await statuses(who)).map(([, status]) => status).sort();
    expect(stored).toEqual(['failed', 'pending', 'pending', 'pending', 'pending']);
  });
});
