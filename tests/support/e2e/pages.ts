import { expect, type Locator, type Page } from '@playwright/test';

/** The sign-in screen, driven the way an administrator uses it. */
export class LoginPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly rememberMe: Locator;
  readonly alert: Locator;
  readonly notice: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('E-mail');
    this.password = page.getByLabel('Password', { exact: true });
    this.submit = page.getByRole('button', { name: 'Log In' });
    this.rememberMe = page.getByRole('switch', { name: 'Remember me' });
    this.alert = page.getByRole('alert').filter({ hasNotText: /^$/ });
    this.notice = page.getByRole('status').filter({ hasText: 'signed out' });
  }

  async signIn(email: string, password: string, options: { remember?: boolean } = {}): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    if (options.remember !== undefined && (await this.rememberMe.isChecked()) !== options.remember) {
      await this.rememberMe.click();
    }
    await this.submit.click();
  }

  async expectError(message: string | RegExp): Promise<void> {
    await expect(this.page.getByRole('alert').filter({ hasText: message }).first()).toBeVisible();
  }
}

/** The admin layout: sidebar, title and top bar. */
export class Shell {
  readonly nav: Locator;

  constructor(readonly page: Page) {
    this.nav = page.getByRole('navigation', { name: 'Main' });
  }

  link(name: string): Locator {
    return this.nav.getByRole('link', { name, exact: true });
  }

  async open(name: string): Promise<void> {
    await this.link(name).click();
  }

  heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }
}
