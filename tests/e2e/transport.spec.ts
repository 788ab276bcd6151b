import { DEMO_ADMIN } from '../../tools/devenv/demo-accounts';
import { launchAddress } from '../../tools/devenv/start/launch';
import { expect, test } from '../support/e2e/fixtures';
import { LoginPage } from '../support/e2e/pages';
import { startWebApp, type WebApp } from '../support/e2e/webApp';

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

  // A launch address that is used twice replaces the server's token: these run on a server of their own, so the shared one keeps its token.
  test.describe('launch addresses', () => {
    let own: WebApp;
    test.beforeEach(async () => {
      own = await startWebApp();
    });
    test.afterEach(async () => {
      await own?.stop();
    });

    test('a launch address opens the page once and never shows the token', async ({ page }) => {
      const address = await launchAddress(own.url);
      expect(address).not.toContain(own.token);
      await page.goto(address);
      await expect(page).toHaveURL(/\/login$/);
      await new LoginPage(page).signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
      await expect(page).toHaveURL(new RegExp(`^${own.origin}/$`));
      const visited = await page.evaluate(() => (globalThis as unknown as { location: { href: string } }).location.href);
      expect(visited).not.toContain('launch=');
    });

    test('raced by another process, the launch address signs that process out and the page says to open the new address', async ({
      browser,
      page,
      request
    }) => {
      const address = await launchAddress(own.url);
      const code = new URL(address).searchParams.get('launch');
      // A local process read the address off the command line and traded the code before the browser did.
      const raced = await request.post(`${own.origin}/launch`, { data: { code } });
      const { token: racedToken } = (await raced.json()) as { token: string };
      const asRacer = () => request.post(`${own.origin}/rpc/session.get`, { headers: { 'x-ledgerdesk-token': racedToken }, data: {} });
      expect((await asRacer()).status()).toBe(200);

      // The browser Ledgerdesk opened arrives second: the page says what happened and where to go.
      await page.goto(address);
      await expect(
        page.getByText('This launch address was already used. For safety, the session it opened has been closed: open the new address Ledgerdesk printed.')
      ).toBeVisible();
      expect(await page.evaluate(() => (globalThis as unknown as { location: { search: string } }).location.search)).toBe('');

      // Whoever raced in is out: their calls and their event stream are refused.
      expect((await asRacer()).status()).toBe(401);
      expect((await request.get(`${own.origin}/events?token=${racedToken}`)).status()).toBe(401);
      // So is the address printed at start.
      expect((await request.post(`${own.origin}/rpc/session.get`, { headers: { 'x-ledgerdesk-token': own.token }, data: {} })).status()).toBe(401);

      // The new address Ledgerdesk printed lets the administrator in.
      const renewed = await own.nextAddress();
      expect(new URL(renewed).searchParams.get('token')).not.toBe(racedToken);
      const fresh = await browser.newContext();
      try {
        const again = await fresh.newPage();
        await again.goto(renewed);
        await expect(again).toHaveURL(/\/login$/);
        await new LoginPage(again).signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
        await expect(again.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
      } finally {
        await fresh.close();
      }
    });
  });
});
