import { DEMO_ADMIN } from '../../tools/devenv/demo-accounts';
import { launchAddress } from '../../tools/devenv/start/launch';
import { expect, test } from './support/fixtures';
import { LoginPage } from './support/pages';

test.describe('Browser-mode transport', () => {
  test('a method call without the token gets 401 and does nothing', async ({ request, app }) => {
    const response = await request.post(`${app.origin}/rpc/session.signIn`, {
      data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, rememberMe: false }
    });
    expect(response.status()).toBe(401);
    const session = await request.post(`${app.origin}/rpc/session.get`, { headers: { 'x-ledgerdesk-token': app.token }, data: {} });
    expect((await session.json()).value.user).toBeNull();
  });

  test('the event stream refuses a missing token', async ({ request, app }) => {
    expect((await request.get(`${app.origin}/events`)).status()).toBe(401);
  });

  test('the page keeps the token out of the address bar and exposes only window.api', async ({ page, app }) => {
    await page.goto(app.url);
    await expect(page).toHaveURL(/\/login$/);
    const globals = await page.evaluate(() => {
      const page = globalThis as unknown as Record<string, unknown>;
      return { api: typeof page.api, require: typeof page.require, process: typeof page.process };
    });
    expect(globals).toEqual({ api: 'object', require: 'undefined', process: 'undefined' });
  });

  test('window.api comes from a same-origin script the CSP allows, and the page cannot change it', async ({ page, app }) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    const bridge = page.waitForResponse((response) => new URL(response.url()).pathname === '/ledgerdesk-bridge.js');
    await page.goto(app.url);
    expect((await bridge).headers()['content-type']).toBe('text/javascript; charset=utf-8');
    await expect(page).toHaveURL(/\/login$/);
    const facts = await page.evaluate(() => {
      'use strict';
      const win = globalThis as unknown as {
        api: Record<string, Record<string, unknown>>;
        document: { scripts: ArrayLike<{ src: string }> };
      };
      const api = win.api;
      const original = api.deposits!.setStatus;
      let replaced = true;
      try {
        api.deposits!.setStatus = () => 'forged';
      } catch {
        replaced = false;
      }
      return {
        frozen: Object.isFrozen(api) && Object.entries(api).every(([key, value]) => key === 'on' || Object.isFrozen(value)),
        replaced: replaced || api.deposits!.setStatus !== original,
        inlineScripts: Array.from(win.document.scripts).filter((script) => !script.src).length
      };
    });
    expect(facts).toEqual({ frozen: true, replaced: false, inlineScripts: 0 });
    expect(refused).toEqual([]);
  });

  test('a launch address opens the page once and never shows the token; the printed line still lets a person in', async ({ browser, page, app }) => {
    const address = await launchAddress(app.url);
    expect(address).not.toContain(app.token);
    await page.goto(address);
    await expect(page).toHaveURL(/\/login$/);
    await new LoginPage(page).signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(page).toHaveURL(new RegExp(`^${app.origin}/$`));
    const visited = await page.evaluate(() => (globalThis as unknown as { location: { href: string } }).location.href);
    expect(visited).not.toContain('launch=');
    await page.goto(`${app.origin}/logout`);

    // The same launch address a second time, in another window: refused, and the page says where to get in.
    const other = await browser.newContext();
    try {
      const again = await other.newPage();
      await again.goto(address);
      await expect(again.getByText('This launch address was already used or has expired. Open the address Ledgerdesk printed when it started.')).toBeVisible();
      expect(await again.evaluate(() => (globalThis as unknown as { location: { search: string } }).location.search)).toBe('');

      // The ready line Ledgerdesk printed still opens it.
      await again.goto(app.url);
      await expect(again).toHaveURL(/\/login$/);
    } finally {
      await other.close();
    }
  });
});
