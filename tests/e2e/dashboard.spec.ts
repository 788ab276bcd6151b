import type { Page, Route } from '@playwright/test';
import { dashboardFigureNames } from '../../src/shared/dashboardFigures';
import { DEMO_ADMIN } from '../../tools/devenv/demo-accounts';
import { expect, rpc, test } from '../support/e2e/fixtures';

const shot = (name: string) => ({ path: `screenshots/${name}.png`, fullPage: true });

/** Holds the dashboard.figure calls `held` says to hold until release(); the others go through. */
async function holdFigures(page: Page, held: (figure: string) => boolean) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const seen: string[] = [];
  await page.route('**/rpc/dashboard.figure', async (route: Route) => {
    const figure = String((route.request().postDataJSON() as { figure?: string } | null)?.figure);
    seen.push(figure);
    if (held(figure)) await gate;
    await route.continue().catch(() => undefined); // the page may have gone meanwhile
  });
  return { release: () => release(), seen };
}

const card = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

test.describe('Dashboard', () => {
  test('each card fills as its own figure answers, without waiting for the slowest', async ({ loginPage, page }) => {
    const hold = await holdFigures(page, (figure) => figure === 'deposits.successAmount');
    await loginPage.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');

    const deposits = page.getByRole('region', { name: 'Deposits' });
    await expect(card(page, 'Total deposits')).toContainText(/\d/);
    await expect(card(page, 'Total withdrawn')).toContainText('$');
    // The held amount is the one card still a skeleton; the section says it is busy.
    await expect(card(page, 'Total deposited')).toHaveCount(0);
    await expect(deposits).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('region', { name: 'Withdrawals' })).not.toHaveAttribute('aria-busy', 'true');
    await page.screenshot(shot('dashboard-filling'));

    hold.release();
    await expect(card(page, 'Total deposited')).toContainText('$');
    await expect(deposits).not.toHaveAttribute('aria-busy', 'true');
    await expect(page.getByText(/^As of /)).toBeVisible();
    // One call per card: every figure, the KYC queue's too.
    expect(new Set(hold.seen).size).toBe(dashboardFigureNames.length);
  });

  test('after a reload the last figures show at once, labelled with their time, then refresh', async ({ signedIn: _shell, page }) => {
    await expect(card(page, 'Total deposited')).toContainText('$');
    await expect(page.getByText(/^As of /)).toBeVisible();
    const before = await card(page, 'Total deposits').locator('p').nth(1).textContent();

    // The page forgets everything on reload; the main process still has this session's figures.
    const hold = await holdFigures(page, () => true);
    await page.reload();
    await expect(card(page, 'Total deposits')).toContainText(before!);
    await expect(card(page, 'Total deposits')).toContainText(/From \d{1,2}:\d{2}:\d{2}\s?[AP]M/);
    await expect(page.getByText(/^Figures from .*, updating…$/)).toBeVisible();
    await page.screenshot(shot('dashboard-last-figures'));

    hold.release();
    await expect(page.getByText(/^As of /)).toBeVisible();
    await expect(card(page, 'Total deposits')).not.toContainText('From ');
  });

  test('the last figures belong to the session: signing out forgets them', async ({ signedIn: _shell, page, request, app }) => {
    await expect(card(page, 'Total deposited')).toContainText('$');
    // Every card's figure is kept as it answers (the cards answer one by one).
    const keptFigures = async () => ((await rpc(request, app, 'dashboard.lastFigures')).value as { figures: unknown[] }).figures.length;
    await expect.poll(keptFigures).toBe(dashboardFigureNames.length);
    await page.close();

    await rpc(request, app, 'session.signOut');
    await rpc(request, app, 'session.signIn', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, rememberMe: false });
    const after = await rpc(request, app, 'dashboard.lastFigures');
    expect(after).toEqual({ ok: true, value: { figures: [] } });
  });

  test('a card whose figure fails says so and the others still show; Refresh asks again', async ({ loginPage, page }) => {
    let failing = true;
    await page.route('**/rpc/dashboard.figure', async (route) => {
      const figure = (route.request().postDataJSON() as { figure?: string } | null)?.figure;
      if (failing && figure === 'withdrawals.pending') {
        return route.fulfill({ json: { ok: false, error: { code: 'VALIDATION', message: 'The aggregation was refused.' } } });
      }
      return route.continue();
    });
    await loginPage.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const withdrawals = page.getByRole('region', { name: 'Withdrawals' });
    await expect(withdrawals.getByRole('group', { name: 'Pending', exact: true })).toContainText("Couldn't load");
    // The toast closes after 3 s: look for it before waiting on the slower cards.
    await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Failed to load the dashboard')).toHaveCount(1);
    await expect(card(page, 'Total withdrawals')).toContainText(/\d/);

    failing = false;
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(withdrawals.getByText("Couldn't load")).toHaveCount(0);
    await expect(page.getByText(/^As of /)).toBeVisible();
  });
});
