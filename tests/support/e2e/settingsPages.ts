import { expect, type Locator, type Page } from '@playwright/test';
import type { Shell } from './pages';

/** A toast, found in the notifications region (top-right). */
export const toast = (page: Page, text: string | RegExp): Locator => page.getByRole('region', { name: /Notifications/ }).getByText(text);

export type PlanColumn = 'Name' | 'Min' | 'Max' | 'ROI (%)' | 'Duration (days)';

/** Manage Investment Plans (/Settings): one editable row per plan, found by the plan's stored name. */
export class PlansScreen {
  constructor(readonly page: Page) {}

  async open(shell: Shell): Promise<void> {
    await shell.open('Investment Plans');
    await expect(shell.heading()).toHaveText('Manage Investment Plans');
    await expect(this.page.getByRole('table', { name: 'Investment plans' }).getByRole('textbox').first()).toBeVisible();
  }

  field(plan: string, column: PlanColumn): Locator {
    return this.page.getByRole('textbox', { name: `${column} for ${plan}`, exact: true });
  }

  updateButton(plan: string): Locator {
    return this.page.getByRole('button', { name: `Update ${plan}`, exact: true });
  }

  row(plan: string): Locator {
    return this.page.getByRole('row').filter({ has: this.field(plan, 'Name') });
  }

  /** Types new values into a row (leaving each field, as a person tabbing through does). */
  async edit(plan: string, values: Partial<Record<PlanColumn, string>>): Promise<void> {
    for (const [column, value] of Object.entries(values) as [PlanColumn, string][]) {
      await this.field(plan, column).fill(value);
      await this.field(plan, column).blur();
    }
  }

  async values(plan: string): Promise<Record<PlanColumn, string>> {
    const columns: PlanColumn[] = ['Name', 'Min', 'Max', 'ROI (%)', 'Duration (days)'];
    const entries = await Promise.all(columns.map(async (c) => [c, await this.field(plan, c).inputValue()] as const));
    return Object.fromEntries(entries) as Record<PlanColumn, string>;
  }

  async update(plan: string): Promise<void> {
    await this.updateButton(plan).click();
    await expect(toast(this.page, 'Plan updated successfully.')).toBeVisible();
  }
}

export const coins = ['BITCOIN', 'ETHEREUM', 'USDT', 'TRON', 'LITECOIN'] as const;
export type Coin = (typeof coins)[number];

/** Valid receiving addresses (real checksums) to save in tests. */
export const validAddresses: Record<Coin, string> = {
  BITCOIN: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  ETHEREUM: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  USDT: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  TRON: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  LITECOIN: 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9'
};

/** Admin Wallet Addresses (/walletsettings): one input per coin, and the confirmation with old -> new. */
export class WalletsScreen {
  readonly save: Locator;
  readonly confirmation: Locator;

  constructor(readonly page: Page) {
    this.save = page.getByRole('button', { name: 'Save Wallet Addresses' });
    this.confirmation = page.getByRole('alertdialog');
  }

  async open(shell: Shell): Promise<void> {
    await shell.open('Wallet address');
    await expect(shell.heading()).toHaveText('Admin Wallet Addresses');
    await expect(this.input('BITCOIN')).toBeVisible();
  }

  input(coin: Coin): Locator {
    return this.page.getByLabel(coin, { exact: true });
  }

  /** The inline error under a coin's input. */
  error(coin: Coin): Locator {
    return this.page.locator(`#wallet-${coin}-error`);
  }

  async fill(addresses: Partial<Record<Coin, string>>): Promise<void> {
    for (const [coin, address] of Object.entries(addresses) as [Coin, string][]) {
      await this.input(coin).fill(address);
      await this.input(coin).blur();
    }
  }

  async values(): Promise<Record<Coin, string>> {
    const entries = await Promise.all(coins.map(async (c) => [c, await this.input(c).inputValue()] as const));
    return Object.fromEntries(entries) as Record<Coin, string>;
  }

  async confirm(): Promise<void> {
    await this.confirmation.getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(this.page, 'Wallet addresses updated successfully.')).toBeVisible();
    await expect(this.confirmation).toBeHidden();
  }
}

/** Send Email to User (/sendmail): the recipient picker, the fields, the preview and the "Error" dialog. */
export class WebmailScreen {
  readonly recipient: Locator;
  readonly options: Locator;
  readonly subject: Locator;
  readonly company: Locator;
  readonly html: Locator;
  readonly send: Locator;
  readonly errorDialog: Locator;
  readonly preview: Locator;

  constructor(readonly page: Page) {
    this.recipient = page.getByRole('combobox', { name: 'Recipient' });
    this.options = page.getByRole('listbox', { name: 'Matching customers' }).getByRole('option');
    this.subject = page.getByLabel('Subject', { exact: true });
    this.company = page.getByLabel('Company name', { exact: true });
    this.html = page.getByLabel('HTML body', { exact: true });
    this.send = page.getByRole('button', { name: 'Send Email' });
    this.errorDialog = page.getByRole('alertdialog', { name: 'Error' });
    this.preview = page.locator('iframe[title="E-mail preview"]');
  }

  async open(shell: Shell): Promise<void> {
    await shell.open('Webmail');
    await expect(shell.heading()).toHaveText('Send Email to User');
  }

  /** Types part of a name or e-mail and waits for the matches. */
  async search(text: string): Promise<void> {
    await this.recipient.fill(text);
    await expect(this.options.first()).toBeVisible();
  }

  /** Picks a match with the keyboard: arrows to it, then Enter. */
  async pick(text: string, label: string): Promise<void> {
    await this.search(text);
    const labels = (await this.options.locator('p:first-child').allTextContents()).map((t) => t.trim());
    const index = labels.indexOf(label);
    expect(index, `"${label}" among ${labels.join(', ')}`).toBeGreaterThanOrEqual(0);
    // The first match starts highlighted.
    for (let i = 0; i < index; i += 1) await this.recipient.press('ArrowDown');
    await expect(this.options.nth(index)).toHaveAttribute('aria-selected', 'true');
    await this.recipient.press('Enter');
    await expect(this.picked()).toBeVisible();
  }

  picked(): Locator {
    return this.page.getByRole('group', { name: 'Recipient' });
  }

  async write(mail: { subject: string; company: string; html: string }): Promise<void> {
    await this.subject.fill(mail.subject);
    await this.company.fill(mail.company);
    await this.html.fill(mail.html);
  }

  previewBody(): Locator {
    return this.page.frameLocator('iframe[title="E-mail preview"]').locator('body');
  }
}
