import { expect, type Locator, type Page } from '@playwright/test';
import type { MoneyScreen } from './moneyPages';

/** The bar over a money table while rows are selected: "3 selected", a button per status, Clear. */
export class BulkBar {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('region', { name: 'Selected rows' });
  }

  async set(status: string): Promise<BulkDialog> {
    await this.root.getByRole('button', { name: `Set ${status}` }).click();
    const dialog = new BulkDialog(this.page);
    await expect(dialog.root).toBeVisible();
    return dialog;
  }
}

/** The bulk change: its summary (from the previews), then the run and its result. */
export class BulkDialog {
  readonly root: Locator;
  readonly progress: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('alertdialog');
    this.progress = this.root.getByRole('progressbar');
  }

  group(title: RegExp): Locator {
    return this.root.getByRole('region', { name: title });
  }

  /** "Will change (4)": the records whose change goes ahead. */
  get changing(): Locator {
    return this.group(/^Will change/);
  }

  get cannot(): Locator {
    return this.group(/^Cannot change/);
  }

  get records(): Locator {
    return this.group(/^Records$/);
  }

  /** A record's line in the result, by its e-mail's position. */
  resultLines(): Locator {
    return this.records.getByRole('listitem');
  }

  async reason(label: string, text?: string): Promise<void> {
    await this.root.getByLabel('Reason', { exact: true }).selectOption({ label });
    if (text !== undefined) await this.root.getByLabel('Reason in your words').fill(text);
  }

  async close(): Promise<void> {
    await this.root.getByRole('button', { name: 'Close' }).click();
    await expect(this.root).toBeHidden();
  }
}

/** Selects every row on the table's page with the header checkbox. */
export async function selectPage(screen: MoneyScreen): Promise<void> {
  await screen.list.table.getByRole('checkbox', { name: 'Select every row on this page' }).check();
}
