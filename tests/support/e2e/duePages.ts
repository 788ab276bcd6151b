import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { rpc, type AppAddress } from './fixtures';
import type { Shell } from './pages';

/** Sets whether Ledgerdesk pays matured investments, through the API (tests restore what they change). */
export async function setPayouts(request: APIRequestContext, app: AppAddress, on: boolean): Promise<void> {
  const current = (await rpc(request, app, 'platformSettings.get')).value as { paysMaturedInvestments: boolean };
  if (current.paysMaturedInvestments === on) return;
  const saved = await rpc(request, app, 'platformSettings.save', { changes: { paysMaturedInvestments: on }, operationId: crypto.randomUUID() });
  expect(saved.ok, JSON.stringify(saved.error)).toBe(true);
}

/** The Investments screen's Due tab: matured active investments, oldest first, with Pay out where Ledgerdesk pays. */
export class DueScreen {
  readonly table: Locator;
  readonly rows: Locator;
  readonly tab: Locator;
  readonly notice: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Investments due, oldest maturity first' });
    this.rows = this.table.locator('tbody tr');
    this.tab = page.getByRole('navigation', { name: 'Investments by status' }).getByRole('link', { name: /^Due\b/ });
    this.notice = page.getByRole('status').filter({ hasText: 'does not pay matured investments' });
  }

  async open(shell: Shell): Promise<void> {
    await shell.open('Manage Investments');
    await expect(shell.heading()).toHaveText('Investments');
    await this.tab.click();
    await this.loaded();
  }

  async loaded(): Promise<void> {
    await expect(this.page).toHaveURL(/\/investments\?tab=due/);
    await expect(this.tab).toHaveAttribute('aria-current', 'page');
    await expect(this.rows.first().getByRole('link').first()).toBeVisible();
  }

  /** The e-mail of a row (its first cell's link). */
  async email(index: number): Promise<string> {
    return ((await this.rows.nth(index).getByRole('link').first().textContent()) ?? '').trim();
  }

  payOut(index: number): Locator {
    return this.rows.nth(index).getByRole('button', { name: /^Pay out the investment of / });
  }

  /** "Showing 10 of 14 investments": the total the first page counted. */
  async total(): Promise<number> {
    const text = await this.page
      .getByRole('status')
      .filter({ hasText: /^Showing / })
      .textContent();
    return Number(/of ([\d,]+)/.exec(text ?? '')?.[1]?.replace(/,/g, '') ?? Number.NaN);
  }
}
