import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { rpc, type AppAddress } from './fixtures';
import type { Shell } from './pages';

/** "$1,234.56" -> 123456: money is compared in cents, never as floats. */
export const cents = (text: string | null): number => {
  const cleaned = (text ?? '').replace(/[^0-9.-]/g, '');
  if (!/\d/.test(cleaned)) throw new Error(`Not a money value: ${text}`);
  return Math.round(Number(cleaned) * 100);
};

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
/** 123456 -> "$1,234.56", as the screens show money. */
export const money = (amountInCents: number): string => usd.format(amountInCents / 100);

/** The customer panel opened from an e-mail in the deposits or withdrawals table. */
export class CustomerPanel {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('dialog');
  }

  figure(label: string): Locator {
    return this.root
      .locator('dl > div')
      .filter({ has: this.page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
      .locator('dd');
  }

  /** The figure once the panel has re-read the customer (it may first show the last figures it had). */
  async cents(label: string): Promise<number> {
    await expect(this.root.locator('dl')).not.toHaveAttribute('aria-busy', 'true');
    return cents(await this.figure(label).textContent());
  }

  async close(): Promise<void> {
    await this.root.getByRole('button', { name: 'Close' }).click();
    await expect(this.root).toBeHidden();
  }
}

/** The question asked before a change that moves money. */
export class ConfirmDialog {
  readonly root: Locator;

  constructor(page: Page) {
    this.root = page.getByRole('alertdialog');
  }

  async confirm(label: string): Promise<void> {
    await this.root.getByRole('button', { name: label }).click();
    await expect(this.root).toBeHidden();
  }

  async cancel(): Promise<void> {
    await this.root.getByRole('button', { name: 'Cancel' }).click();
    await expect(this.root).toBeHidden();
  }

  /** What the change would do, once its preview has come. */
  get preview(): Locator {
    return this.root.getByRole('region', { name: 'What this change does' });
  }

  /** The withdrawal's facts (amount, address, customer, address history). */
  get facts(): Locator {
    return this.root.getByRole('region', { name: /^(Withdrawal|Deposit) facts$/ });
  }

  /** One fact of the panel by its label, e.g. "KYC". */
  fact(label: string): Locator {
    return this.facts
      .locator('dl > div')
      .filter({ has: this.root.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) })
      .locator('dd');
  }

  /** The amber notices: risk warnings, or the record having changed since the dialog opened. */
  notice(text: string | RegExp): Locator {
    return this.root.getByRole('status').filter({ hasText: text });
  }

  /** Picks one of the common reasons by its label, or "Other…" then types `text`. */
  async reason(label: string, text?: string): Promise<void> {
    await this.root.getByLabel('Reason', { exact: true }).selectOption({ label });
    if (text !== undefined) await this.root.getByLabel('Reason in your words').fill(text);
  }

  async note(text: string): Promise<void> {
    await this.root.getByLabel('Note (optional)').fill(text);
  }
}

/** One row of a money table, found by its position (the list keeps its order while statuses change). */
export class MoneyRow {
  readonly select: Locator;

  constructor(
    readonly page: Page,
    readonly root: Locator,
    private readonly columns: string[]
  ) {
    this.select = root.getByRole('combobox');
  }

  cell(header: string): Locator {
    const index = this.columns.indexOf(header);
    if (index < 0) throw new Error(`No column "${header}" in ${this.columns.join(', ')}`);
    return this.root.getByRole('cell').nth(index);
  }

  get badge(): Locator {
    return this.cell('Status');
  }

  async amountCents(): Promise<number> {
    return cents(await this.cell('Amount').textContent());
  }

  async email(): Promise<string> {
    return ((await this.cell('Email').textContent()) ?? '').trim();
  }

  lock(reason: string): Locator {
    return this.root.getByRole('img', { name: reason, exact: true });
  }

  /** Hovers the lock and returns the tooltip that explains it. */
  async lockTooltip(reason: string): Promise<Locator> {
    await this.lock(reason).hover();
    const tooltip = this.page.getByRole('tooltip');
    await expect(tooltip).toBeVisible();
    return tooltip;
  }

  /** The e-mail is a link to the customer page; the totals panel opens from the button beside it. */
  customerLink(): Locator {
    return this.cell('Email').getByRole('link');
  }

  async openCustomer(): Promise<CustomerPanel> {
    await this.cell('Email')
      .getByRole('button', { name: /'s totals$/ })
      .click();
    const panel = new CustomerPanel(this.page);
    await expect(panel.root).toBeVisible();
    return panel;
  }

  /** Picks a status; money transitions then ask first (see ConfirmDialog). */
  async pick(status: string): Promise<void> {
    await this.select.selectOption(status);
  }
}

interface RowFilter {
  status: string;
  /** Only rows whose e-mail opens a customer panel. */
  withCustomer?: boolean;
  /** Only rows with an amount under this many dollars (under the demo's policy, one administrator approves them alone). */
  under?: number;
}

/** A paged money table: its rows, the "Showing N of T" line and Load More. */
export class MoneyTable {
  readonly table: Locator;
  readonly rows: Locator;
  readonly loadMore: Locator;
  readonly count: Locator;

  constructor(
    readonly page: Page,
    caption: RegExp
  ) {
    this.table = page.getByRole('table', { name: caption });
    this.rows = this.table.locator('tbody tr');
    this.loadMore = page.getByRole('button', { name: 'Load More' });
    this.count = page.getByRole('status').filter({ hasText: /^Showing / });
  }

  /** Waits for the first page (skeleton rows have no select). */
  async loaded(): Promise<void> {
    await expect(this.rows.first().getByRole('combobox')).toBeVisible();
  }

  async rowCount(): Promise<number> {
    return this.rows.filter({ has: this.page.getByRole('combobox') }).count();
  }

  async columns(): Promise<string[]> {
    return (await this.table.getByRole('columnheader').allTextContents()).map((t) => t.trim());
  }

  row(index: number, columns: string[]): MoneyRow {
    return new MoneyRow(this.page, this.rows.nth(index), columns);
  }

  /** The first row in the given status that can still change (and has a numeric amount). */
  async first({ status, withCustomer = false, under }: RowFilter): Promise<MoneyRow> {
    await this.loaded();
    const columns = await this.columns();
    const amountAt = columns.indexOf('Amount');
    const index = await this.rows.evaluateAll(
      (rows, { status, withCustomer, under, amountAt }) =>
        rows.findIndex((row) => {
          const select = row.querySelector('select');
          if (!select || select.disabled || select.value !== status) return false;
          if (row.textContent?.includes('not a number')) return false;
          const amount = Number((row.querySelectorAll('td')[amountAt]?.textContent ?? '').replace(/[^\d.]/g, ''));
          if (under !== null && !(amount < under)) return false;
          return !withCustomer || row.querySelector('button[aria-haspopup="dialog"]') !== null;
        }),
      { status, withCustomer, under: under ?? null, amountAt }
    );
    expect(index, `a ${status} row${under === undefined ? '' : ` under $${under}`} on the first page`).toBeGreaterThanOrEqual(0);
    return this.row(index, columns);
  }

  /** The first row whose status can no longer change. */
  async firstLocked(status: string): Promise<MoneyRow> {
    await this.loaded();
    const index = await this.rows.evaluateAll(
      (rows, status) => rows.findIndex((row) => row.querySelector('select')?.disabled && row.querySelector('select')?.value === status),
      status
    );
    expect(index, `a locked ${status} row on the first page`).toBeGreaterThanOrEqual(0);
    return this.row(index, await this.columns());
  }
}

/** The review-queue filters above a money table: status tabs, customer, dates, order. */
export class MoneyFilters {
  readonly tabs: Locator;
  readonly customer: Locator;
  readonly customerChip: Locator;
  readonly from: Locator;
  readonly to: Locator;
  readonly order: Locator;
  readonly zone: Locator;

  constructor(readonly page: Page) {
    this.tabs = page.getByRole('navigation', { name: / by status$/ });
    this.customer = page.getByRole('combobox', { name: 'Customer' });
    this.customerChip = page.getByRole('group', { name: 'Customer filter' });
    this.from = page.getByLabel('From', { exact: true });
    this.to = page.getByLabel('To', { exact: true });
    this.order = page.getByLabel('Order', { exact: true });
    this.zone = page.getByText(/^· Times in /);
  }

  /** "All", "Pending", ...: the tab's link (its name also holds the count). */
  tab(label: string): Locator {
    return this.tabs.getByRole('link', { name: new RegExp(`^${label}\\b`) });
  }

  /** The count a tab shows, once counted. */
  async tabCount(label: string): Promise<number> {
    const tab = this.tab(label);
    await expect(tab).toHaveText(new RegExp(`^${label}\\s*[\\d,]+$`));
    return Number(((await tab.textContent()) ?? '').replace(/\D/g, ''));
  }

  /** Types in the customer picker and picks the match showing `email`. */
  async pickCustomer(typed: string, email: string): Promise<void> {
    await this.customer.fill(typed);
    await this.page.getByRole('option').filter({ hasText: email }).first().click();
    await expect(this.customerChip).toContainText(email);
  }

  async dates(from: string, to: string): Promise<void> {
    await this.from.fill(from);
    await this.to.fill(to);
  }
}

/** A money screen reached from the sidebar (or a tab), with its table. */
export class MoneyScreen {
  readonly list: MoneyTable;
  readonly filters: MoneyFilters;

  constructor(
    readonly page: Page,
    readonly title: string,
    caption: RegExp
  ) {
    this.list = new MoneyTable(page, caption);
    this.filters = new MoneyFilters(page);
  }

  /** The empty state of a filtered list, e.g. "No pending withdrawals for … ." */
  empty(): Locator {
    return this.list.table.getByRole('heading', { level: 2 });
  }

  toast(text: string | RegExp): Locator {
    return this.page.getByRole('region', { name: /Notifications/ }).getByText(text);
  }
}

export const depositsScreen = (page: Page) => new MoneyScreen(page, 'Deposits', /^Deposits/);
export const withdrawalsScreen = (page: Page) => new MoneyScreen(page, 'Withdrawals', /^Withdrawals/);
export const investmentsScreen = (page: Page) => new MoneyScreen(page, 'Investments', /^Investments/);
export const compoundInvestmentsScreen = (page: Page) => new MoneyScreen(page, 'All Compound Investments', /^Compound investments/);

/** Opens a screen the way the administrator does and waits for its first page. */
export async function openScreen(shell: Shell, link: string, screen: MoneyScreen, tab?: string): Promise<MoneyScreen> {
  await shell.open(link);
  if (tab) await screen.page.getByRole('navigation', { name: 'Investment lists' }).getByRole('link', { name: tab }).click();
  await expect(shell.heading()).toHaveText(screen.title);
  await screen.list.loaded();
  return screen;
}

/** The audit log: Activity with its kind filter, and the e-mail queue. */
export class AuditScreen {
  readonly tabs: Locator;
  readonly table: Locator;
  readonly kind: Locator;
  readonly mailState: Locator;

  constructor(readonly page: Page) {
    this.tabs = page.getByRole('navigation', { name: 'Audit log sections' });
    this.table = page.getByRole('table');
    this.kind = page.getByLabel('Kind');
    this.mailState = page.getByLabel('State');
  }

  async open(shell: Shell): Promise<void> {
    await shell.open('Audit log');
    await expect(shell.heading()).toHaveText('Audit log');
  }

  tab(name: 'Activity' | 'E-mail queue'): Locator {
    return this.tabs.getByRole('link', { name });
  }

  entries(): Locator {
    return this.table.locator('tbody tr');
  }

  count(state: 'Queued' | 'Sending' | 'Sent' | 'Failed'): Locator {
    return this.page.getByRole('group', { name: state });
  }
}

interface Listed {
  id: string;
  userId: string | null;
  email: string | null;
  amount: number | null;
  status: string;
}

/**
 * Marks the newest pending deposit (with a customer and a numeric amount) successful through the
 * API, for tests that need an approval to have happened without depending on an earlier test.
 */
export async function approveAPendingDeposit(request: APIRequestContext, app: AppAddress): Promise<Listed> {
  let cursor: string | null = null;
  for (let page = 0; page < 20; page += 1) {
    const listed = await rpc(request, app, 'deposits.list', cursor ? { cursor } : {});
    expect(listed.ok).toBe(true);
    const value = listed.value as { rows: Listed[]; nextCursor: string | null };
    const pending = value.rows.find((row) => row.status === 'pending' && row.userId && row.email && row.amount !== null);
    if (pending) {
      const changed = await rpc(request, app, 'deposits.setStatus', { id: pending.id, status: 'success', operationId: randomUUID() });
      expect(changed.ok, JSON.stringify(changed.error)).toBe(true);
      return pending;
    }
    cursor = value.nextCursor;
    if (!cursor) break;
  }
  throw new Error('No pending deposit left to approve.');
}

/** The id of an approved withdrawal, read through the API. */
export async function anApprovedWithdrawal(request: APIRequestContext, app: AppAddress): Promise<Listed> {
  let cursor: string | null = null;
  for (let page = 0; page < 20; page += 1) {
    const listed = await rpc(request, app, 'withdrawals.list', cursor ? { cursor } : {});
    const value = listed.value as { rows: Listed[]; nextCursor: string | null };
    const approved = value.rows.find((row) => row.status === 'approved');
    if (approved) return approved;
    cursor = value.nextCursor;
    if (!cursor) break;
  }
  throw new Error('No approved withdrawal in the demo data.');
}
