import { lazy, type ComponentType } from 'react';

/**
 * Each screen is its own chunk, loaded when it is first shown. `preload` starts that load early
 * (a sidebar link on hover or focus, the dashboard while signing in); it is shared with the lazy
 * component, so a screen is fetched once, and forgotten if the fetch failed, so it can be tried again.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- screens take different props
type AnyPage = ComponentType<any>;

export interface LazyPage {
  Component: AnyPage;
  preload(): Promise<unknown>;
}

function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => AnyPage): LazyPage {
  let loading: Promise<M> | undefined;
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return { Component: lazy(() => preload().then((module) => ({ default: pick(module) }))), preload };
}

export const pages = {
  adminLayout: lazyPage(() => import('./layout/AdminLayout'), (m) => m.AdminLayout),
  login: lazyPage(() => import('../features/auth/LoginPage'), (m) => m.LoginPage),
  logout: lazyPage(() => import('../features/auth/LogoutPage'), (m) => m.LogoutPage),
  dashboard: lazyPage(() => import('../features/dashboard/DashboardPage'), (m) => m.DashboardPage),
  users: lazyPage(() => import('../features/users/UsersPage'), (m) => m.UsersPage),
  user: lazyPage(() => import('../features/user-page/UserPage'), (m) => m.UserPage),
  userByEmail: lazyPage(() => import('../features/user-page/FindByEmailPage'), (m) => m.FindByEmailPage),
  moneyLists: lazyPage(() => import('../features/money-lists/MoneyListsPage'), (m) => m.MoneyListsPage),
  plans: lazyPage(() => import('../features/plans/PlansPage'), (m) => m.PlansPage),
  sendMail: lazyPage(() => import('../features/send-mail/SendMailPage'), (m) => m.SendMailPage),
  wallets: lazyPage(() => import('../features/wallets/WalletsPage'), (m) => m.WalletsPage),
  referrals: lazyPage(() => import('../features/referrals/ReferralsPage'), (m) => m.ReferralsPage),
  audit: lazyPage(() => import('../features/audit/AuditPage'), (m) => m.AuditPage),
  notFound: lazyPage(() => import('../features/not-found/NotFoundPage'), (m) => m.NotFoundPage)
} satisfies Record<string, LazyPage>;

/** The screen behind each sidebar path (matched without case, as the router does). */
const byPath: Record<string, LazyPage> = {
  '/': pages.dashboard,
  '/users': pages.users,
  '/deposits': pages.moneyLists,
  '/withdrawals': pages.moneyLists,
  '/investments': pages.moneyLists,
  '/cmdinvestments': pages.moneyLists,
  '/settings': pages.plans,
  '/sendmail': pages.sendMail,
  '/walletsettings': pages.wallets,
  '/referrals': pages.referrals,
  '/audit': pages.audit
};

/** Starts loading the screen at `path` (no-op for an unknown path); a failed preload is ignored. */
export function preloadPath(path: string): void {
  void byPath[path.toLowerCase()]?.preload().catch(() => undefined);
}

/** What the first screen after signing in needs: the admin layout and the dashboard. */
export function preloadAfterSignIn(): void {
  void Promise.all([pages.adminLayout.preload(), pages.dashboard.preload()]).catch(() => undefined);
}
