import { expect, type Locator, type Page } from '@playwright/test';

/** The command palette (Ctrl K / ⌘ K) and the `?` list of shortcuts, driven from the keyboard. */
export class Palette {
  readonly dialog: Locator;
  readonly input: Locator;
  readonly options: Locator;
  readonly status: Locator;
  readonly shortcuts: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Command palette' });
    this.input = this.dialog.getByRole('combobox');
    this.options = this.dialog.getByRole('option');
    this.status = this.dialog.getByRole('status');
    this.shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  }

  async open(): Promise<void> {
    await this.page.keyboard.press('ControlOrMeta+K');
    await expect(this.dialog).toBeVisible();
    await expect(this.input).toBeFocused();
  }

  group(name: string): Locator {
    return this.dialog.getByRole('group', { name });
  }

  /** The highlighted row: what Enter chooses. */
  highlighted(): Locator {
    return this.dialog.locator('[role="option"][aria-selected="true"]');
  }

  /** Puts the text on the clipboard and pastes it with the keyboard, as an administrator pastes an id. */
  async paste(text: string): Promise<void> {
    await this.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await this.page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(text)})`);
    await this.page.keyboard.press('ControlOrMeta+V');
    await expect(this.input).toHaveValue(text);
  }

  async showShortcuts(): Promise<void> {
    await this.page.keyboard.press('Shift+Slash');
    await expect(this.shortcuts).toBeVisible();
  }
}
