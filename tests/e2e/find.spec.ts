import type { DepositRow, FindResult } from '../../src/shared/contract';
import { DEMO_CUSTOMER } from '../../tools/devenv/demo-accounts';
import { expect, rpc, test } from '../support/e2e/fixtures';
import { FindBox } from '../support/e2e/findPage';
import { money } from '../support/e2e/moneyPages';

/** The demo's oldest deposit with an amount and an e-mail: on the last page of the newest-first list. */
async function oldestDeposit(request: Parameters<typeof rpc>[0], app: Parameters<typeof rpc>[1]): Promise<DepositRow> {
  const answer = await rpc(request, app, 'deposits.list', { order: 'oldest', pageSize: 20 });
  const rows = (answer.value as { rows: DepositRow[] }).rows;
  const deposit = rows.find((row) => row.amount !== null && row.email);
  if (!deposit) throw new Error('The demo data has no deposit with an amount and an e-mail.');
  return deposit;
}

/** A name prefix the demo data shares between a handful of customers, so the results show several. */
async function sharedPrefix(request: Parameters<typeof rpc>[0], app: Parameters<typeof rpc>[1]): Promise<string> {
  const users = (await rpc(request, app, 'users.list', {})).value as { rows: { fullname: string | null }[] };
  for (const name of users.rows.map((u) => u.fullname).filter((n): n is string => Boolean(n))) {
    const answer = (await rpc(request, app, 'records.find', { query: name.slice(0, 2) })).value as FindResult;
    if (answer.matches.length >= 4 && answer.matches.length <= 8) return name.slice(0, 2);
  }
  throw new Error('No name prefix in the demo data offers 4 to 8 customers.');
}

test('pasting a deposit id and pressing Enter opens it in the deposits list, highlighted', async ({ signedIn, page, request, app }) => {
  await expect(signedIn.heading()).toHaveText('Dashboard');
  const deposit = await oldestDeposit(request, app);
  const find = new FindBox(page);

  await find.paste(deposit.id);
  // Enter right after the paste: the box waits for the answer and opens the one record it names.
  await find.input.press('Enter');

  await expect(page).toHaveURL(new RegExp(`/deposits\\?focus=${deposit.id}$`));
  await expect(signedIn.heading()).toHaveText('Deposits');
  const row = page.getByRole('table', { name: /^Deposits/ }).locator('tbody tr[aria-current="true"]');
  await expect(row).toBeVisible();
  await expect(row).toContainText(deposit.email ?? '');
  await expect(row).toContainText(money(Math.round((deposit.amount ?? 0) * 100)));
  await expect(row).toBeInViewport();
  await page.screenshot({ path: 'screenshots/find-opened-deposit.png', fullPage: true });
  // The box is ready for the next search.
  await expect(find.input).toHaveValue('');
  await expect(find.results).toBeHidden();
});

test('"/" focuses the box; the start of a name offers the customer, and Enter opens their page', async ({ signedIn, page }) => {
  const find = new FindBox(page);
  await expect(page.getByRole('banner').getByText('/', { exact: true })).toBeVisible();
  await find.focusWithShortcut();
  await find.type(DEMO_CUSTOMER.displayName.slice(0, 7));

  const customer = find.option(DEMO_CUSTOMER.displayName);
  await expect(customer).toBeVisible();
  await expect(customer).toContainText(DEMO_CUSTOMER.email);
  await expect(find.input).toHaveAttribute('aria-expanded', 'true');
  await expect(customer).toHaveAttribute('aria-selected', 'true');
  await find.input.press('Enter');

  await expect(page).toHaveURL(new RegExp(`/users/${DEMO_CUSTOMER.uid}$`));
  await expect(find.results).toBeHidden();
  await expect(signedIn.heading()).toHaveText(DEMO_CUSTOMER.displayName);
});

test('the mouse opens a customer found by e-mail; arrows move through several matches', async ({ signedIn, page, request, app }) => {
  const find = new FindBox(page);
  await find.type(DEMO_CUSTOMER.email.slice(0, 6));
  await find.option(DEMO_CUSTOMER.email).click();
  await expect(page).toHaveURL(new RegExp(`/users/${DEMO_CUSTOMER.uid}$`));
  await expect(signedIn.heading()).toHaveText(DEMO_CUSTOMER.displayName);

  await find.type(await sharedPrefix(request, app));
  await expect(find.options.nth(1)).toBeVisible();
  await expect(find.options.first()).toHaveAttribute('aria-selected', 'true');
  await find.input.press('ArrowDown');
  await expect(find.options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await find.input.press('ArrowUp');
  await find.input.press('ArrowUp');
  await expect(find.options.last()).toHaveAttribute('aria-selected', 'true');
});

test('text that matches nothing says what to paste, and Escape closes then clears', async ({ signedIn, page }) => {
  await expect(signedIn.heading()).toHaveText('Dashboard');
  const find = new FindBox(page);
  await find.type('zz/nothing-here');
  await expect(find.status).toHaveText('Nothing matches “zz/nothing-here”: paste a whole id, an e-mail or the start of a name.');
  await expect(find.options).toHaveCount(0);
  await page.screenshot({ path: 'screenshots/find-nothing.png', fullPage: true });

  await find.input.press('Escape');
  await expect(find.input).toHaveAttribute('aria-expanded', 'false');
  await expect(find.input).toHaveValue('zz/nothing-here');
  await find.input.press('Escape');
  await expect(find.input).toHaveValue('');
  // Enter on nothing stays where it is.
  await find.type('zz-unknown-id');
  await find.input.press('Enter');
  await expect(find.status).toContainText('Nothing matches');
  await expect(page).toHaveURL(/\/\?|\/$/);
});

test('screenshot of the open results', async ({ signedIn, page, request, app }) => {
  await expect(signedIn.heading()).toHaveText('Dashboard');
  const find = new FindBox(page);
  await find.type(await sharedPrefix(request, app));
  await expect(find.options.first()).toBeVisible();
  await expect(find.status).toHaveText(/match/);
  await page.screenshot({ path: 'screenshots/find-results.png', fullPage: true });

  const deposit = await oldestDeposit(request, app);
  await find.input.fill(deposit.id);
  const option = find.option(/Deposit of \$/);
  await expect(option).toBeVisible();
  await page.screenshot({ path: 'screenshots/find-deposit.png', fullPage: true });

  // The date reads as the list shows it: the administrator's local time, not the stored ISO text.
  const when = (await option.textContent())?.match(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/)?.[0];
  expect(when, 'a date in the result').toBeTruthy();
  await find.input.press('Enter');
  await expect(page.locator('tbody tr[aria-current="true"]')).toContainText(when ?? '');
});

test('while it searches the box says so; a failed search says why and Try again searches again', async ({ signedIn, page }) => {
  await expect(signedIn.heading()).toHaveText('Dashboard');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/rpc/records.find', async (route) => {
    await held;
    await route.fulfill({ json: { ok: false, error: { code: 'INTERNAL', message: 'Firestore did not answer.' } } });
  });
  const find = new FindBox(page);
  await find.type('Casey');
  await expect(find.status).toHaveText('Searching…');

  release();
  await expect(find.status).toHaveText("Couldn't search. Firestore did not answer.");
  await page.screenshot({ path: 'screenshots/find-error.png', fullPage: true });

  await page.unroute('**/rpc/records.find');
  await page.getByRole('banner').getByRole('button', { name: 'Try again' }).click();
  await expect(find.option(DEMO_CUSTOMER.displayName)).toBeVisible();
  await expect(find.input).toBeFocused();
});
