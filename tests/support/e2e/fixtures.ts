import type { Input } from '../../../src/shared/contract';
import type { MethodName } from '../../../src/shared/methods';
import { test as base, expect, type APIRequestContext } from '@playwright/test';
import { DEMO_ADMIN } from '../../../tools/devenv/demo-accounts';
import { LoginPage, Shell } from './pages';

export interface AppAddress {
  url: string;
  origin: string;
  token: string;
}

export const appAddress = (url = process.env.LEDGERDESK_E2E_URL): AppAddress => {
  if (!url) throw new Error('The e2e global setup did not start Ledgerdesk.');
  const parsed = new URL(url);
  return { url, origin: parsed.origin, token: parsed.searchParams.get('token') ?? '' };
};

/** Calls a contract method the way the page's bridge does. */
/** A method call over the transport, typed by the contract so a missing field (an operationId) fails the type check. */
export async function rpc<M extends MethodName>(request: APIRequestContext, app: AppAddress, method: M, input: Input<M> = {} as Input<M>) {
  const response = await request.post(`${app.origin}/rpc/${method}`, {
    headers: { 'x-ledgerdesk-token': app.token },
    data: input
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { ok: boolean; value?: unknown; error?: { code: string; message: string } };
}

export const test = base.extend<{ app: AppAddress; loginPage: LoginPage; shell: Shell; signedIn: Shell }>({
  app: async ({ request }, use) => {
    const app = appAddress();
    // One server, one session: every test starts signed out.
    await rpc(request, app, 'session.signOut');
    await use(app);
  },
  loginPage: async ({ page, app }, use) => {
    await page.goto(app.url.replace('/?', '/login?'));
    const login = new LoginPage(page);
    await expect(login.submit).toBeVisible();
    await use(login);
  },
  shell: async ({ page }, use) => use(new Shell(page)),
  signedIn: async ({ loginPage, page }, use) => {
    await loginPage.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const shell = new Shell(page);
    await expect(shell.heading()).toHaveText('Dashboard');
    await use(shell);
  }
});

export { expect };
