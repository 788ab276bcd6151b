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
  /** The sidebar paths that show this screen, lower case (the router matches without case). */
  paths: readonly string[];
}

function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => AnyPage, paths: readonly string[] = []): LazyPage {
  let loading: Promise<M> | undefined;
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return { Component: lazy(() => preload().then((module) => ({ default: pick(module) }))), preload, paths };
}

export const pages = {
  adminLayout: lazyPage(
    () => import('./layout/AdminLayout'),
    (m) => m.AdminLayout
  ),
  login: lazyPage(
    () => import('../features/auth/LoginPage'),
    (m) => m.LoginPage
  ),
  logout: lazyPage(
    () => import('../features/auth/LogoutPage'),
    (m) => m.LogoutPage
  ),
  dashboard: lazyPage(
    () => import('../features/dashboard/DashboardPage'),
    (m) => m.DashboardPage,
    ['/']
  ),
  users: lazyPage(
    () => import('../features/users/UsersPage'),
    (m) => m.UsersPage,
    ['/users']
  ),
  user: lazyPage(
    () => import('../features/user-page/UserPage'),
    (m) => m.UserPage
  ),
  userByEmail: lazyPage(
    () => import('../features/user-page/FindByEmailPage'),
    (m) => m.FindByEmailPage
  ),
  deposits: lazyPage(
    () => import('../features/deposits/DepositsPage'),
    (m) => m.DepositsPage,
    ['/deposits']
  ),
  withdrawals: lazyPage(
    () => import('../features/withdrawals/WithdrawalsPage'),
    (m) => m.WithdrawalsPage,
    ['/withdrawals']
  ),
  investments: lazyPage(
    () => import('../features/investments/InvestmentsPage'),
    (m) => m.InvestmentsPage,
    ['/investments']
  ),
  compoundInvestments: lazyPage(
    () => import('../features/compound-investments/CompoundInvestmentsPage'),
    (m) => m.CompoundInvestmentsPage,
    ['/cmdinvestments']
  ),
  plans: lazyPage(
    () => import('../features/plans/PlansPage'),
    (m) => m.PlansPage,
    ['/settings']
  ),
  sendMail: lazyPage(
    () => import('../features/send-mail/SendMailPage'),
    (m) => m.SendMailPage,
    ['/sendmail']
  ),
  wallets: lazyPage(
    () => import('../features/wallets/WalletsPage'),
    (m) => m.WalletsPage,
    ['/walletsettings']
  ),
  referrals: lazyPage(
    () => import('../features/referrals/ReferralsPage'),
    (m) => m.ReferralsPage,
    ['/referrals']
  ),
  riskRules: lazyPage(
    () => import('../features/risk-rules/RiskRulesPage'),
    (m) => m.RiskRulesPage,
    ['/risk-rules']
  ),
  audit: lazyPage(
    () => import('../features/audit/AuditPage'),
    (m) => m.AuditPage,
    ['/audit']
  ),
  reconciliation: lazyPage(
    () => import('../features/reconciliation/ReconciliationPage'),
    (m) => m.ReconciliationPage,
    ['/reconciliation']
  ),
  deletedUsers: lazyPage(
    () => import('../features/deleted-users/DeletedUsersPage'),
    (m) => m.DeletedUsersPage,
    ['/users/deleted']
  ),
  notFound: lazyPage(
    () => import('../features/not-found/NotFoundPage'),
    (m) => m.NotFoundPage
  )
} satisfies Record<string, LazyPage>;

/** Starts loading the screen at `path` (no-op for an unknown path); a failed preload is ignored. */
export function preloadPath(path: string): void {
  const page = Object.values(pages).find((candidate) => candidate.paths.includes(path.toLowerCase()));
  void page?.preload().catch(() => undefined);
}

/**
 * What the first screen after signing in needs: the admin layout, the dashboard and the toast
 * library the layout asks for as it appears. Started by the sign-in form's first keystroke, so it
 * downloads while the password is typed: the sign-in page itself still loads only its own code, and
 * the sign-in call, once sent, no longer waits behind these downloads for a connection.
 */
export function preloadAfterSignIn(): void {
  void Promise.all([pages.adminLayout.preload(), pages.dashboard.preload(), import('sonner')]).catch(() => undefined);
}
