// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { viewScreens } from '../../../src/shared/schemas/views';
import { router } from '../../../src/renderer/src/app/router';
import {
  adminRoutes,
  childrenOf,
  offeredTo,
  paletteDestinations,
  paletteDestinationsFor,
  savedViewPath,
  savedViewsUnder,
  screens,
  sidebarScreens
} from '../../../src/renderer/src/app/routes';
import { paths } from '../../../src/renderer/src/lib/paths';
import { paletteGroups } from '../../../src/renderer/src/modules/palette/palette-items';
import type { RouteHandle } from '../../../src/renderer/src/app/route-handle';
import type { Role } from '../../../src/shared/domain/roles';

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
        .concat(['sendmail', 'walletsettings', 'referrals', 'audit', 'reconciliation', 'evidence', 'risk-rules', 'team', 'approvals', '*'])
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

  it("lists the sidebar in the original admin's order, plus Audit log, Reconciliation, Evidence, Risk rules, Team and Approvals, each badge on its queue", () => {
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
      ['Evidence', '/evidence'],
      ['Risk rules', '/risk-rules'],
      ['Team', '/team'],
      ['Approvals', '/approvals']
    ]);
    expect(sidebarScreens.flatMap((screen) => (screen.sidebar.waiting ? [[screen.path, screen.sidebar.waiting.count]] : []))).toEqual([
      ['/users', 'kyc'],
      ['/deposits', 'deposits'],
      ['/investments', 'investmentsDue'],
      ['/withdrawals', 'withdrawals'],
      ['/approvals', 'approvals']
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

  it('offers each role only the screens it may use: Team to owners, Webmail to support and up, every list and the audit to all', () => {
    const sidebarFor = (role: Role) => sidebarScreens.filter((screen) => offeredTo(role, screen)).map((screen) => screen.sidebar.label);
    const paletteFor = (role: Role) => paletteDestinationsFor(role).map((destination) => destination.label);
    expect(sidebarFor('owner')).toContain('Team');
    for (const role of ['admin', 'support', 'viewer'] as const) {
      expect(sidebarFor(role), role).not.toContain('Team');
      expect(paletteFor(role), role).not.toContain('Team');
    }
    expect(sidebarFor('support')).toContain('Webmail');
    expect(sidebarFor('viewer')).not.toContain('Webmail');
    expect(paletteFor('viewer')).not.toContain('Webmail');
    // Reading is every role's: the lists, their queues, the audit log and reconciliation stay.
    expect(sidebarFor('viewer')).toEqual(expect.arrayContaining(['Dashboard', 'Manage Deposits', 'Audit log', 'Reconciliation', 'Evidence']));
    expect(paletteFor('viewer')).toEqual(expect.arrayContaining(['Pending deposits', 'Deleted customers', 'Sign out']));
    expect(paletteDestinations.find((destination) => destination.label === 'Team')?.keywords).toEqual(['team', 'administrators', 'roles', 'invite']);
  });

  it('offers the Approvals screen to every role, found in the palette by the words of dual control', () => {
    for (const role of ['owner', 'admin', 'support', 'viewer'] as const) {
      expect(
        paletteDestinationsFor(role).map((destination) => destination.label),
        role
      ).toContain('Approvals');
    }
    for (const typed of ['dual control', 'second administrator', 'awaiting approval']) {
      const found = paletteGroups({ text: typed, destinations: paletteDestinationsFor('viewer'), actions: [], users: [], records: [] });
      expect(found.find((group) => group.name === 'Go to')?.items[0], typed).toMatchObject({ label: 'Approvals', run: { to: '/approvals' } });
    }
    expect(paletteDestinations.find((destination) => destination.label === 'Approvals')).toMatchObject({
      to: '/approvals',
      keywords: ['approvals', 'dual control', 'second administrator', 'awaiting approval']
    });
  });
});
