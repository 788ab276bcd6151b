// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminLayout } from '../../../src/renderer/src/app/layout/AdminLayout';
import { RouteError } from '../../../src/renderer/src/app/PageError';
import { router as appRouter } from '../../../src/renderer/src/app/router';
import { watchUncaughtErrors } from '../../../src/renderer/src/lib/error-report';
import { standInForLayout } from '../../support/renderer/render';

const rendererError = vi.fn(async (_input: unknown) => ({ ok: true as const, value: null }));
/** The main process's events the page listens to, by name (window.api.on). */
const listeners = new Map<string, (payload: unknown) => void>();
const info = {
  name: 'Ledgerdesk',
  version: '4.5.6',
  mode: 'demo',
  transport: 'browser',
  projectId: null,
  platformName: null,
  configFile: '',
  configProblem: null
};

/** window.api as the page sees it: the log and app.info answer, every other call fails as an unreachable service would. */
function fakeApi() {
  const unavailable = async () => ({ ok: false as const, error: { code: 'UNAVAILABLE' as const, message: 'Not in this test.' } });
  const namespaces: Record<string, unknown> = {
    log: { rendererError },
    app: new Proxy(
      { info: async () => ({ ok: true as const, value: info }) },
      { get: (target, key) => (target as Record<string | symbol, unknown>)[key] ?? unavailable }
    ),
    on: (event: string, listener: (payload: unknown) => void) => {
      listeners.set(event, listener);
      return () => listeners.delete(event);
    }
  };
  return new Proxy(namespaces, { get: (target, key) => target[key as string] ?? new Proxy({}, { get: () => unavailable }) });
}

/** A screen that throws while `broken.now` is true, as a screen reading a field that is not there would. */
const broken = { now: true };
function DepositsScreen() {
  if (broken.now) throw new TypeError("Cannot read properties of undefined (reading 'amount') for olivia@example.com");
  return <h1>Deposits drawn</h1>;
}

const show = (routes: RouteObject[], url: string) => {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
  return router;
};

const adminRoutes: RouteObject[] = [
  {
    path: '/',
    element: <AdminLayout />,
    children: [
      { index: true, element: <h1>Dashboard drawn</h1>, handle: { title: 'Dashboard' } },
      { path: 'deposits', element: <DepositsScreen />, handle: { title: 'Deposits' } }
    ]
  }
];

beforeAll(standInForLayout);

beforeEach(() => {
  broken.now = true;
  (window as unknown as { api: unknown }).api = fakeApi();
  // React reports a caught error on the console; the test reads what the page shows and sends.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  rendererError.mockClear();
});

describe('a screen that throws', () => {
  it('shows what happened in its own area, keeps the sidebar, and sends the error to the main log', async () => {
    show(adminRoutes, '/deposits');
    const area = within(await screen.findByRole('main'));
    expect(await area.findByRole('heading', { name: 'This screen stopped working' }, { timeout: 5000 })).toBeTruthy();
    expect(area.getByText(/TypeError: Cannot read properties of undefined \(reading 'amount'\) for \[email\]/)).toBeTruthy();
    // The sidebar is still there, with its way out to another screen.
    expect(screen.getByRole('link', { name: 'Manage Deposits' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeTruthy();

    await waitFor(() => expect(rendererError).toHaveBeenCalled());
    const sent = rendererError.mock.calls[0]![0] as { kind: string; message: string; stack: string; route: string };
    expect(sent).toMatchObject({ kind: 'boundary', route: '/deposits' });
    expect(sent.message).toBe("TypeError: Cannot read properties of undefined (reading 'amount') for [email]");
    expect(sent.stack).toContain('Component stack:');
    expect(sent.stack).toContain('DepositsScreen');
    expect(JSON.stringify(rendererError.mock.calls)).not.toContain('olivia@example.com');
  });

  it('"Reload this screen" draws just that screen again', async () => {
    const user = userEvent.setup();
    show(adminRoutes, '/deposits');
    const reload = await screen.findByRole('button', { name: 'Reload this screen' }, { timeout: 5000 });
    const sidebarLink = screen.getByRole('link', { name: 'Manage Deposits' });
    broken.now = false;
    await user.click(reload);
    expect(await screen.findByRole('heading', { name: 'Deposits drawn' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'This screen stopped working' })).toBeNull();
    // The layout was not drawn again: the same sidebar link is still in the page.
    expect(screen.getByRole('link', { name: 'Manage Deposits' })).toBe(sidebarLink);
  });

  it('"Copy details" gives the error, the screen and the version, without the e-mail', async () => {
    // user-event stands in for the clipboard.
    const user = userEvent.setup();
    show(adminRoutes, '/deposits');
    const copy = await screen.findByRole('button', { name: 'Copy details' }, { timeout: 5000 });
    await waitFor(() => expect(screen.getByText('Version 4.5.6', { exact: false })).toBeTruthy());
    await user.click(copy);
    const text = await navigator.clipboard.readText();
    expect(text).toMatch(/^Ledgerdesk 4\.5\.6\nScreen: \/deposits\nTime: \d{4}-\d\d-\d\dT/);
    expect(text).toContain("TypeError: Cannot read properties of undefined (reading 'amount') for [email]");
    expect(text).not.toContain('olivia@example.com');
  });

  it('is cleared by moving to another screen', async () => {
    const user = userEvent.setup();
    show(adminRoutes, '/deposits');
    await screen.findByRole('heading', { name: 'This screen stopped working' }, { timeout: 5000 });
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard drawn' })).toBeTruthy();
  });
});

describe('Help > Keyboard shortcuts in the desktop menu', () => {
  it("opens the page's ? list", async () => {
    broken.now = false;
    show(adminRoutes, '/deposits');
    await screen.findByRole('heading', { name: 'Deposits drawn' }, { timeout: 5000 });
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull();
    act(() => listeners.get('app.showShortcuts')?.({}));
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy();
  });
});

describe("React Router's errors", () => {
  it('every top-level route of the app names an errorElement, so none reaches the default error page', () => {
    expect(appRouter.routes.length).toBeGreaterThan(0);
    for (const route of appRouter.routes) expect(route.errorElement, `route ${route.path ?? '(layout)'}`).toBeTruthy();
  });

  it('an error outside a screen shows the page-wide message and goes to the log as a route error', async () => {
    show([{ path: '/login', element: <DepositsScreen />, errorElement: <RouteError /> }], '/login');
    expect(await screen.findByRole('heading', { name: 'Ledgerdesk stopped on an error' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload Ledgerdesk' })).toBeTruthy();
    await waitFor(() => expect(rendererError).toHaveBeenCalledWith(expect.objectContaining({ kind: 'route', route: '/' })));
  });
});

describe('errors no boundary sees', () => {
  it('window.onerror and unhandled rejections reach the log too', async () => {
    const stop = watchUncaughtErrors(window);
    act(() => {
      window.dispatchEvent(new ErrorEvent('error', { error: new Error('Clicked into nothing'), message: 'Clicked into nothing' }));
      window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('Nobody awaited me, token=abc123') }));
    });
    stop();
    expect(rendererError).toHaveBeenCalledWith(expect.objectContaining({ kind: 'onerror', message: 'Error: Clicked into nothing' }));
    expect(rendererError).toHaveBeenCalledWith(expect.objectContaining({ kind: 'unhandledrejection', message: 'Error: Nobody awaited me, token=[secret]' }));
    // Once stopped, nothing more is sent.
    rendererError.mockClear();
    const handled = (event: Event) => event.preventDefault();
    window.addEventListener('error', handled);
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('After'), cancelable: true }));
    window.removeEventListener('error', handled);
    expect(rendererError).not.toHaveBeenCalled();
  });
});
