// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { viewScreens } from '../../../src/shared/schemas/views';
import { router } from '../../../src/renderer/src/app/router';
import { adminRoutes, childrenOf, paletteDestinations, savedViewPath, savedViewsUnder, screens, sidebarScreens } from '../../../src/renderer/src/app/routes';
import { paths } from '../../../src/renderer/src/lib/paths';
import type { RouteHandle } from '../../../src/renderer/src/app/route-handle';

/** The routes the router adds under the admin layout, by their path under it ('' for the dashboard, its index), with their handles. */
function layoutRoutes(): Map<string, RouteHandle | undefined> {
  const handleOf = (handle: unknown): RouteHandle | undefined =>
    typeof handle === 'object' && handle !== null && 'title' in handle && typeof handle.title === 'string' ? { ...handle, title: handle.title } : undefined;
  return new Map(adminRoutes().map((route) => [route.index ? '' : (route.path ?? ''), handleOf(route.handle)]));
}

/** One route table (app/routes.ts): the router, the sidebar, the palette and the saved views read the same rows. */
describe('the route table', () => {
  it('gives the router every screen of the admin layout once, with its title and the screen it is reached from', () => {
    const routes = layoutRoutes();
    expect([...routes.keys()].sort()).toEqual(
      ['', 'users', 'users/deleted', 'users/by-email', 'users/:id', 'deposits', 'withdrawals', 'investments', 'cmdinvestments', 'Settings']
        .concat(['sendmail', 'walletsettings', 'referrals', 'audit', 'reconciliation', 'risk-rules', '*'])
        .sort()
    );
    expect(routes.get('')).toEqual({ title: 'Dashboard' });
    expect(routes.get('cmdinvestments')).toEqual({ title: 'All Compound Investments', parent: { title: 'Investments', to: '/investments' } });
    expect(routes.get('users/deleted')).toEqual({ title: 'Deleted customers', parent: { title: 'Manage Users', to: '/users' } });
    expect(routes.get('Settings')).toEqual({ title: 'Manage Investment Plans' });
    // The sign-in and sign-out pages stay outside the guard, and the layout is the guard's one child.
    expect(router.routes.map((route) => route.path).filter(Boolean)).toEqual(['/login', '/logout']);
    expect(router.routes.find((route) => route.path === undefined)?.children?.map((route) => route.id)).toEqual(['admin-layout']);
  });

  it("lists the sidebar in the original admin's order, plus Audit log, Reconciliation and Risk rules, each badge on its queue", () => {
    expect(sidebarScreens.map((screen) => [screen.sidebar.label, screen.path])).toEqual([
      ['Dashboard', '/'],
      ['Manage Users', '/users'],
      ['Manage Deposits', '/deposits'],
      ['Manage Investments', '/investments'],
      ['Manage Withdrawals', '/withdrawals'],
      ['Investment Plans', '/Settings'],
      ['Webmail', '/sendmail'],
      ['Wallet address', '/walletsettings'],
      ['Referrals', '/referrals'],
      ['Audit log', '/audit'],
      ['Reconciliation', '/reconciliation'],
      ['Risk rules', '/risk-rules']
    ]);
    expect(sidebarScreens.flatMap((screen) => (screen.sidebar.waiting ? [[screen.path, screen.sidebar.waiting.count]] : []))).toEqual([
      ['/users', 'kyc'],
      ['/deposits', 'deposits'],
      ['/investments', 'investmentsDue'],
      ['/withdrawals', 'withdrawals']
    ]);
    // Compound investments have no link of their own: Manage Investments stays lit on them.
    expect(childrenOf(screens.investments).map((screen) => screen.path)).toEqual([paths.compoundInvestments]);
  });

  it('links every saved view to its screen, and shows compound investments views under Manage Investments', () => {
    for (const screen of viewScreens) expect(savedViewPath(screen), screen).toMatch(/^\//);
    expect(savedViewPath('compoundInvestments')).toBe('/cmdinvestments');
    expect(savedViewsUnder(screens.investments)).toEqual(['investments', 'compoundInvestments']);
    expect(savedViewsUnder(screens.users)).toEqual(['users']);
  });

  it('offers every sidebar screen in the palette, then the screens and queues without a link, each going to a screen of the table', () => {
    const labels = paletteDestinations.map((destination) => destination.label);
    expect(labels.slice(0, sidebarScreens.length)).toEqual(sidebarScreens.map((screen) => screen.sidebar.label));
    expect(labels.slice(sidebarScreens.length)).toEqual([
      'KYC queue, oldest first',
      'Deleted customers',
      'Pending deposits',
      'Compound investments',
      'Pending withdrawals',
      'Sign out'
    ]);
    const known = new Set([...Object.values(screens).map((screen) => screen.path.toLowerCase()), paths.logout]);
    for (const destination of paletteDestinations) expect(known, destination.label).toContain(destination.to.replace(/\?.*$/, '').toLowerCase());
    expect(paletteDestinations.find((destination) => destination.label === 'Pending deposits')?.to).toBe('/deposits?status=pending');
    expect(paletteDestinations.find((destination) => destination.label === 'Investment Plans')?.keywords).toEqual(['plans', 'settings']);
  });
});
