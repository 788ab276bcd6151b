import {
  ArrowDownToLine,
  ArrowUpFromLine,
  Clock,
  FileCheck2,
  IdCard,
  Layers,
  LayoutDashboard,
  LogOut,
  Mail,
  Scale,
  ScrollText,
  Share2,
  ShieldAlert,
  ShieldCheck,
  SlidersHorizontal,
  TrendingUp,
  UserCog,
  Users,
  Wallet,
  type LucideIcon
} from 'lucide-react';
import { createElement } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { ViewScreen } from '../../../shared/contract';
import { may, type Capability, type Role } from '../../../shared/domain/roles';
import type { PendingCounts } from '../../../shared/schemas/live';
import { paths, type ScreenName } from '../lib/paths';
import { lazyPage, type LazyPage } from './lazy-page';
import type { RouteHandle } from './route-handle';
import { RoleGate } from './RoleGate';

/**
 * The route table: every screen behind sign-in once, with its address, its page (loaded when first
 * shown), its title, the screen it is reached from, its sidebar entry, what the palette finds it by
 * and the saved views kept of it. The router (router.tsx: the admin layout's routes), the sidebar,
 * the palette and the saved views read it. Adding a screen: its folder under features/, its address
 * in lib/paths.ts and its row here.
 *
 * A screen names the capability it needs (src/shared/domain/roles.ts; none: read): the sidebar and
 * the palette offer it only to a role that holds it, and reached by its address it says calmly that
 * the role cannot use it (RoleGate).
 *
 * It loads with the admin layout, not with the page's entry: the sign-in page, the one a visitor
 * meets first, downloads none of it (the sign-in and sign-out pages are router.tsx's own routes).
 */

/** The screens drawn in the admin layout: every address but the sign-in and sign-out pages. */
export type LayoutScreen = Exclude<ScreenName, 'login' | 'logout'>;

/** A row of the palette's "Go to": a screen, or a view of one (`search`: "?status=pending"). */
export interface PaletteEntry {
  label: string;
  icon: LucideIcon;
  /** Other words an administrator may type for it. */
  keywords: string[];
}

export interface Screen {
  path: string;
  page: LazyPage;
  /** The top bar's and the window's title. */
  title: string;
  /** The screen it is reached from: the top bar names it before the title, and its sidebar entry stays lit. */
  parent?: LayoutScreen;
  /** Its entry in the sidebar, in the table's order, and the waiting work its badge counts. */
  sidebar?: { label: string; icon: LucideIcon; waiting?: { count: keyof Omit<PendingCounts, 'asOf'>; what: string } };
  /** How the palette offers it: under its sidebar label and icon unless it names its own, then its views. */
  palette?: Partial<PaletteEntry> & { keywords: string[]; views?: (PaletteEntry & { search: string })[] };
  /** The saved views kept of it (views.*): listed under its sidebar entry, or its parent's. */
  savedViews?: ViewScreen;
  /** What the signed-in role must allow to use it; none: read (every role). */
  needs?: Capability;
}

/** In the original admin's sidebar order (docs/product-rules.md §2), each screen's sub-screens after it. */
export const screens = {
  dashboard: {
    path: paths.dashboard,
    page: lazyPage(
      () => import('../features/dashboard/DashboardPage'),
      (m) => m.DashboardPage
    ),
    title: 'Dashboard',
    sidebar: { label: 'Dashboard', icon: LayoutDashboard },
    palette: { keywords: ['home', 'overview', 'totals'] }
  },
  users: {
    path: paths.users,
    page: lazyPage(
      () => import('../features/customers/CustomersPage'),
      (m) => m.CustomersPage
    ),
    title: 'Manage Users',
    sidebar: { label: 'Manage Users', icon: Users, waiting: { count: 'kyc', what: 'KYC reviews waiting' } },
    palette: {
      keywords: ['customers', 'clients'],
      views: [{ label: 'KYC queue, oldest first', search: '?kyc=pending&order=oldest', icon: IdCard, keywords: ['kyc', 'identity', 'pending'] }]
    },
    savedViews: 'users'
  },
  deletedUsers: {
    path: paths.deletedUsers,
    page: lazyPage(
      () => import('../features/deleted-customers/DeletedCustomersPage'),
      (m) => m.DeletedCustomersPage
    ),
    title: 'Deleted customers',
    parent: 'users',
    palette: { label: 'Deleted customers', icon: Users, keywords: ['archived', 'deleted', 'kyc kept'] }
  },
  userByEmail: {
    path: paths.userByEmail,
    page: lazyPage(
      () => import('../features/customer-page/FindByEmailPage'),
      (m) => m.FindByEmailPage
    ),
    title: 'Find customer',
    parent: 'users'
  },
  user: {
    path: paths.user,
    page: lazyPage(
      () => import('../features/customer-page/CustomerPage'),
      (m) => m.CustomerPage
    ),
    // The page names the customer in its heading and the window title; this is what the top bar shows.
    title: 'Customer',
    parent: 'users'
  },
  deposits: {
    path: paths.deposits,
    page: lazyPage(
      () => import('../features/deposits/DepositsPage'),
      (m) => m.DepositsPage
    ),
    title: 'Deposits',
    sidebar: { label: 'Manage Deposits', icon: ArrowDownToLine, waiting: { count: 'deposits', what: 'pending deposits' } },
    palette: { keywords: [], views: [{ label: 'Pending deposits', search: '?status=pending', icon: Clock, keywords: ['queue'] }] },
    savedViews: 'deposits'
  },
  investments: {
    path: paths.investments,
    page: lazyPage(
      () => import('../features/investments/InvestmentsPage'),
      (m) => m.InvestmentsPage
    ),
    title: 'Investments',
    sidebar: { label: 'Manage Investments', icon: TrendingUp, waiting: { count: 'investmentsDue', what: 'investments due' } },
    palette: { keywords: [] },
    savedViews: 'investments'
  },
  compoundInvestments: {
    path: paths.compoundInvestments,
    page: lazyPage(
      () => import('../features/compound-investments/CompoundInvestmentsPage'),
      (m) => m.CompoundInvestmentsPage
    ),
    title: 'All Compound Investments',
    parent: 'investments',
    palette: { label: 'Compound investments', icon: Layers, keywords: ['compound'] },
    savedViews: 'compoundInvestments'
  },
  withdrawals: {
    path: paths.withdrawals,
    page: lazyPage(
      () => import('../features/withdrawals/WithdrawalsPage'),
      (m) => m.WithdrawalsPage
    ),
    title: 'Withdrawals',
    sidebar: { label: 'Manage Withdrawals', icon: ArrowUpFromLine, waiting: { count: 'withdrawals', what: 'pending withdrawals' } },
    palette: { keywords: [], views: [{ label: 'Pending withdrawals', search: '?status=pending', icon: Clock, keywords: ['queue'] }] },
    savedViews: 'withdrawals'
  },
  plans: {
    path: paths.plans,
    page: lazyPage(
      () => import('../features/plans/PlansPage'),
      (m) => m.PlansPage
    ),
    title: 'Manage Investment Plans',
    sidebar: { label: 'Investment Plans', icon: SlidersHorizontal },
    palette: { keywords: ['plans', 'settings'] }
  },
  sendMail: {
    path: paths.sendMail,
    page: lazyPage(
      () => import('../features/send-mail/SendMailPage'),
      (m) => m.SendMailPage
    ),
    title: 'Send Email to User',
    sidebar: { label: 'Webmail', icon: Mail },
    palette: { keywords: ['send email', 'mail'] },
    needs: 'care'
  },
  wallets: {
    path: paths.wallets,
    page: lazyPage(
      () => import('../features/wallets/WalletsPage'),
      (m) => m.WalletsPage
    ),
    title: 'Admin Wallet Addresses',
    sidebar: { label: 'Wallet address', icon: Wallet },
    palette: { keywords: ['wallets', 'receiving'] }
  },
  referrals: {
    path: paths.referrals,
    page: lazyPage(
      () => import('../features/referrals/ReferralsPage'),
      (m) => m.ReferralsPage
    ),
    title: 'Admin Referral Dashboard',
    sidebar: { label: 'Referrals', icon: Share2 },
    palette: { keywords: [] }
  },
  // Not in the original admin's sidebar: where every money decision and the e-mails it sent can be checked.
  audit: {
    path: paths.audit,
    page: lazyPage(
      () => import('../features/audit/AuditPage'),
      (m) => m.AuditPage
    ),
    title: 'Audit log',
    sidebar: { label: 'Audit log', icon: ScrollText },
    palette: { keywords: ['activity', 'history', 'mail queue', 'sign-ins'] }
  },
  // Not in the original admin's sidebar either: every customer's totals checked against their records.
  reconciliation: {
    path: paths.reconciliation,
    page: lazyPage(
      () => import('../features/reconciliation/ReconciliationPage'),
      (m) => m.ReconciliationPage
    ),
    title: 'Reconciliation',
    sidebar: { label: 'Reconciliation', icon: Scale },
    palette: { keywords: ['drift', 'figures check', 'totals check'] }
  },
  // The chained records and the signed daily digests (docs/product-rules.md §16.4): every role verifies them.
  evidence: {
    path: paths.evidence,
    page: lazyPage(
      () => import('../features/evidence/EvidencePage'),
      (m) => m.EvidencePage
    ),
    title: 'Evidence',
    sidebar: { label: 'Evidence', icon: FileCheck2 },
    palette: { keywords: ['verify records', 'digest', 'tamper', 'hash chain', 'auditor'] }
  },
  // Monitoring across requests: caps, blocked addresses, when approval asks for the password.
  riskRules: {
    path: paths.riskRules,
    page: lazyPage(
      () => import('../features/risk-rules/RiskRulesPage'),
      (m) => m.RiskRulesPage
    ),
    title: 'Risk rules',
    sidebar: { label: 'Risk rules', icon: ShieldAlert },
    palette: { keywords: ['limits', 'caps', 'blocked addresses', 'monitoring'] }
  },
  // Who may use this Ledgerdesk and with which role (docs/product-rules.md §15): owners only.
  team: {
    path: paths.team,
    page: lazyPage(
      () => import('../features/team/TeamPage'),
      (m) => m.TeamPage
    ),
    title: 'Team',
    sidebar: { label: 'Team', icon: UserCog },
    palette: { keywords: ['team', 'administrators', 'roles', 'invite'] },
    needs: 'govern'
  },
  // Dual control (docs/product-rules.md §15.4): the decisions waiting for a second administrator. Every role reads
  // it; Approve and Reject are offered to roles that may decide, Cancel to the administrator who asked.
  approvals: {
    path: paths.approvals,
    page: lazyPage(
      () => import('../features/approvals/ApprovalsPage'),
      (m) => m.ApprovalsPage
    ),
    title: 'Approvals',
    sidebar: { label: 'Approvals', icon: ShieldCheck, waiting: { count: 'approvals', what: 'approval requests waiting' } },
    palette: { keywords: ['approvals', 'dual control', 'second administrator', 'awaiting approval'] }
  },
  notFound: {
    path: paths.notFound,
    page: lazyPage(
      () => import('../features/not-found/NotFoundPage'),
      (m) => m.NotFoundPage
    ),
    title: 'Page not found'
  }
} satisfies Record<LayoutScreen, Screen>;

const rows: Screen[] = Object.values(screens);

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The screen a route's parent names, for the top bar: "Manage Users" before "Deleted customers". */
export const parentOf = (screen: Screen): Screen | undefined => (screen.parent ? screens[screen.parent] : undefined);

/** The screens with a sidebar entry, in the sidebar's order. */
export const sidebarScreens = rows.filter((screen): screen is Screen & Required<Pick<Screen, 'sidebar'>> => screen.sidebar !== undefined);

/** Whether the role may use the screen (signed out: none). */
export const offeredTo = (role: Role | null, screen: Pick<Screen, 'needs'>): boolean => may(role, screen.needs ?? 'read');

/** The screens reached from this one (they keep its sidebar entry lit). */
export const childrenOf = (screen: Screen): Screen[] => rows.filter((row) => parentOf(row) === screen);

/** Starts loading the screen at `path` (no-op for an unknown path); a failed preload is ignored. */
export function preloadPath(path: string): void {
  const screen = rows.find((row) => sameAddress(row.path, path));
  void screen?.page.preload().catch(() => undefined);
}

/** The address of a saved view's screen. */
export const savedViewPath = (view: ViewScreen): string | undefined => rows.find((row) => row.savedViews === view)?.path;

/** The saved views' screens listed under a sidebar entry: its own, and those of the screens reached from it. */
export const savedViewsUnder = (screen: Screen): ViewScreen[] => [screen, ...childrenOf(screen)].flatMap((row) => (row.savedViews ? [row.savedViews] : []));

/**
 * Every screen the command palette opens: the sidebar's, then, in the table's order, the screens
 * without a link of their own and the views of a screen (a queue), and signing out last.
 */
export const paletteDestinations = [
  ...sidebarScreens.map((screen) => ({
    label: screen.sidebar.label,
    to: screen.path,
    icon: screen.sidebar.icon,
    keywords: screen.palette?.keywords ?? [],
    needs: screen.needs
  })),
  ...rows.flatMap((screen) => [
    ...(!screen.sidebar && screen.palette?.label && screen.palette.icon
      ? [{ label: screen.palette.label, to: screen.path, icon: screen.palette.icon, keywords: screen.palette.keywords, needs: screen.needs }]
      : []),
    ...(screen.palette?.views ?? []).map((view) => ({
      label: view.label,
      to: `${screen.path}${view.search}`,
      icon: view.icon,
      keywords: view.keywords,
      needs: screen.needs
    }))
  ]),
  // Drawn apart at the bottom of the sidebar; its page is the router's own, outside the layout.
  { label: 'Sign out', to: paths.logout, icon: LogOut, keywords: ['logout', 'log out'], needs: undefined }
];

/** What the palette offers the role: the screens (and their views) it may use. */
export const paletteDestinationsFor = (role: Role | null) => paletteDestinations.filter((destination) => offeredTo(role, destination));

/**
 * The admin layout's routes, one per row, each with the handle the top bar and the window title read
 * (the screen's title, and the one it is reached from). The layout has no path of its own: '/' is
 * its index, '/users' is 'users'.
 */
export const adminRoutes = (): RouteObject[] =>
  rows.map((screen) => {
    const parent = parentOf(screen);
    const handle: RouteHandle = { title: screen.title, ...(parent ? { parent: { title: parent.title, to: parent.path } } : {}) };
    // The gate reads the role as the screen is drawn: a screen reached by its address that the role may not use says so calmly.
    const element = createElement(RoleGate, { needs: screen.needs ?? 'read', title: screen.title }, createElement(screen.page.Component));
    return screen.path === paths.dashboard ? { index: true, element, handle } : { path: screen.path.replace(/^\//, ''), element, handle };
  });
