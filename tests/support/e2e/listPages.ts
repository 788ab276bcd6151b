import { expect, type Locator, type Page } from '@playwright/test';

/** A dashboard card that opens its list: a link named by its whole text. */
export class DashboardCard {
  readonly root: Locator;

  constructor(
    readonly page: Page,
    label: string
  ) {
    this.root = page.getByRole('link', { name: new RegExp(`^${label}\\b`) });
  }

  async value(): Promise<number> {
    const figure = await this.root.locator('p').nth(1).textContent();
    return Number((figure ?? '').replace(/[^\d.]/g, ''));
  }
}

/** Rows per page, beside Load More. */
export const pageSizeSelect = (page: Page): Locator => page.getByLabel('Rows per page');

/** A list's Columns button and the dialog it opens. */
export class ColumnsDialog {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('dialog', { name: /^Columns of / });
  }

  async open(): Promise<this> {
    await this.page.getByRole('button', { name: 'Columns', exact: true }).click();
    await expect(this.root).toBeVisible();
    return this;
  }

  column(name: string): Locator {
    return this.root.getByRole('checkbox', { name, exact: true });
  }

  /** What the dialog last said (its status message). */
  said(): Locator {
    return this.root.getByRole('status');
  }

  async close(): Promise<void> {
    await this.root.getByRole('button', { name: 'Done' }).click();
    await expect(this.root).toBeHidden();
  }
}

/** The sidebar's saved views under the screens. */
export class SavedViews {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('navigation', { name: 'Main' });
  }

  link(name: string): Locator {
    return this.root.getByRole('link', { name, exact: true });
  }

  /** The count shown beside a view, once counted. */
  async count(name: string): Promise<number> {
    // The view's own item, not its screen's item that holds the list of views.
    const item = this.root
      .getByRole('list', { name: 'Saved views' })
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('link', { name, exact: true }) });
    await expect(item).toContainText(/\d+ records/);
    return Number(/([\d,]+) records/.exec((await item.textContent()) ?? '')?.[1]?.replace(/,/g, ''));
  }

  manage(name: string): Locator {
    return this.root.getByRole('button', { name: `Rename or delete the view ${name}` });
  }

  /** Saves the list on screen under a name, from its "Save view" button. */
  async save(name: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Save view' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Save this view' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Save view' }).click();
    await expect(dialog).toBeHidden();
    await expect(this.link(name)).toBeVisible();
  }
}
