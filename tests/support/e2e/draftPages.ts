import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_ADMIN } from '../../../tools/devenv/demo-accounts';
import { LoginPage, Shell } from './pages';
import type { WebApp } from './webApp';

/** The quiet note above fields that hold what was typed before ("Draft restored … Discard draft"). */
export class DraftNote {
  readonly root: Locator;
  readonly discard: Locator;

  constructor(scope: Page | Locator) {
    this.root = scope.getByRole('status').filter({ hasText: 'Draft restored' });
    this.discard = this.root.getByRole('button', { name: 'Discard draft' });
  }
}

/** The administrator's own window on a server of its own (a short idle timeout). */
export class DraftSession {
  readonly login: LoginPage;
  readonly shell: Shell;

  constructor(
    readonly page: Page,
    readonly app: WebApp
  ) {
    this.login = new LoginPage(page);
    this.shell = new Shell(page);
  }

  /** Opens the sign-in page afresh, as a reloaded or reopened window does: nothing carried in the page. */
  async openSignIn(): Promise<void> {
    await this.page.goto(this.app.url.replace('/?', '/login?'));
    await expect(this.login.submit).toBeVisible();
  }

  async signIn(): Promise<void> {
    await this.login.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(this.login.submit).toBeHidden();
  }

  /** Hands off the keyboard and mouse until the idle timer signs the administrator out. */
  async waitForIdleSignOut(): Promise<void> {
    await expect(this.page).toHaveURL(/\/login/, { timeout: 30_000 });
    await expect(this.login.notice).toContainText('without activity');
  }
}
