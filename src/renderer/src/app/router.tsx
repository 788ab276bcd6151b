import { Suspense, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { FullPageLoader } from '../components/ui/FullPage';
import { RequireAdmin } from '../features/auth/components/RequireAdmin';
import { UpdateBanner } from '../features/updates/components/UpdateBanner';
import { pages, preloadAfterSignIn, type LazyPage } from './lazy-pages';
import { RouteError } from './PageError';
import type { RouteHandle } from './route-handle';

// Every screen is loaded when first shown (app/lazy-pages.ts), so the sign-in page downloads only
// what it needs; the admin layout holds a Suspense boundary of its own, so the sidebar stays while
// a screen loads.
const page = (path: string, { Component }: LazyPage, handle: RouteHandle): RouteObject => ({ path, element: <Component />, handle });

const whole = (children: ReactNode) => <Suspense fallback={<FullPageLoader label="Opening Ledgerdesk…" />}>{children}</Suspense>;

const adminPages: RouteObject[] = [
  { index: true, element: <pages.dashboard.Component />, handle: { title: 'Dashboard' } satisfies RouteHandle },
  page('users', pages.users, { title: 'Manage Users' }),
  // A static segment outranks :id, so by-email is never read as a customer id.
  page('users/deleted', pages.deletedUsers, { title: 'Deleted customers', parent: { title: 'Manage Users', to: '/users' } }),
  page('users/by-email', pages.userByEmail, { title: 'Find customer', parent: { title: 'Manage Users', to: '/users' } }),
  // The page names the customer in its heading and the window title; the route's title is what the top bar shows.
  page('users/:id', pages.user, { title: 'Customer', parent: { title: 'Manage Users', to: '/users' } }),
  page('deposits', pages.deposits, { title: 'Deposits' }),
  page('withdrawals', pages.withdrawals, { title: 'Withdrawals' }),
  page('investments', pages.investments, { title: 'Investments' }),
  page('cmdinvestments', pages.compoundInvestments, {
    title: 'All Compound Investments',
    parent: { title: 'Investments', to: '/investments' }
  }),
  // The platform's original admin spells it with a capital S (docs/product-rules.md §2); matching is case-insensitive, so /settings works too.
  page('Settings', pages.plans, { title: 'Manage Investment Plans' }),
  page('sendmail', pages.sendMail, { title: 'Send Email to User' }),
  page('walletsettings', pages.wallets, { title: 'Admin Wallet Addresses' }),
  page('referrals', pages.referrals, { title: 'Admin Referral Dashboard' }),
  page('audit', pages.audit, { title: 'Audit log' }),
  page('reconciliation', pages.reconciliation, { title: 'Reconciliation' }),
  page('risk-rules', pages.riskRules, { title: 'Risk rules' }),
  page('*', pages.notFound, { title: 'Page not found' })
];

// Each top-level route names its errorElement, so an error is never shown on React Router's default page;
// a screen's own errors stop at its boundary in the admin layout (layout/ScreenBoundary.tsx) first.
export const router = createBrowserRouter([
  {
    path: '/login',
    errorElement: <RouteError />,
    // Typing in the sign-in form starts loading the dashboard (a form filled by the browser and
    // submitted at once starts it on submit).
    element: whole(
      <div className="contents" onInputCapture={preloadAfterSignIn} onSubmitCapture={preloadAfterSignIn}>
        <pages.login.Component notice={<UpdateBanner variant="card" />} />
      </div>
    )
  },
  // Outside the guard: signing out must not remember /logout as the page to come back to.
  { path: '/logout', element: whole(<pages.logout.Component />), errorElement: <RouteError /> },
  {
    element: <RequireAdmin />,
    errorElement: <RouteError />,
    children: [{ path: '/', element: whole(<pages.adminLayout.Component />), children: adminPages }]
  }
]);
