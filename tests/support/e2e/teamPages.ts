import { expect, type Locator, type Page } from '@playwright/test';
import type { Shell } from './pages';

/** The Team screen (owners only): one row per administrator, headed by their e-mail. */
export class TeamScreen {
  readonly table: Locator;
  readonly invite: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Administrators of this Ledgerdesk' });
    this.invite = page.getByRole('button', { name: 'Invite administrator' });
  }

  async open(shell: Shell): Promise<void> {
    await shell.open('Team');
    await expect(shell.heading()).toHaveText('Team');
    await expect(this.table.locator('tbody tr').first()).toBeVisible();
  }

  /** A member's row, found by the e-mail that heads it. */
  member(email: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: new RegExp(`^${email.replace(/\./g, '\\.')}`) }) });
  }
}
