import { expect, type Locator, type Page } from '@playwright/test';

/** The top bar's "Find a record" box and its results. */
export class FindBox {
  readonly input: Locator;
  readonly results: Locator;
  readonly options: Locator;
  readonly status: Locator;

  constructor(readonly page: Page) {
    this.input = page.getByRole('combobox', { name: 'Find a record' });
    this.results = page.getByRole('listbox', { name: 'Matching records' });
    this.options = this.results.getByRole('option');
    // The sentence under the results: searching, nothing matches, or why it failed.
    this.status = page.getByRole('banner').getByRole('status');
  }

  /** "/" from anywhere outside a field, as the hint in the box says. */
  async focusWithShortcut(): Promise<void> {
    await this.page.locator('body').press('/');
    await expect(this.input).toBeFocused();
  }

  /** Puts the text on the clipboard and pastes it into the box with the keyboard. */
  async paste(text: string): Promise<void> {
    await this.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await this.page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(text)})`);
    await this.input.focus();
    await this.input.press('ControlOrMeta+V');
    await expect(this.input).toHaveValue(text);
  }

  async type(text: string): Promise<void> {
    await this.input.focus();
    await this.input.pressSequentially(text);
  }

  option(name: string | RegExp): Locator {
    return this.options.filter({ hasText: name });
  }
}
