import type { ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AuditPage } from '../features/audit/AuditPage';
import { LoginPage } from '../features/auth/LoginPage';
import { LogoutPage } from '../features/auth/LogoutPage';
import { RequireAdmin } from '../features/auth/components/RequireAdmin';
import { CompoundInvestmentsPage } from '../features/compound-investments/CompoundInvestmentsPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { DepositsPage } from '../features/deposits/DepositsPage';
import { InvestmentsPage } from '../features/investments/InvestmentsPage';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { PlansPage } from '../features/plans/PlansPage';
import { ReferralsPage } from '../features/referrals/ReferralsPage';
import { SendMailPage } from '../features/send-mail/SendMailPage';
import { UpdateBanner } from '../features/updates/components/UpdateBanner';
import { UsersPage } from '../features/users/UsersPage';
import { WalletsPage } from '../features/wallets/WalletsPage';
import { WithdrawalsPage } from '../features/withdrawals/WithdrawalsPage';
import { AdminLayout } from './layout/AdminLayout';
import type { RouteHandle } from './route-handle';

const page = (path: string, element: ReactNode, handle: RouteHandle): RouteObject => ({ path, element, handle });

const adminPages: RouteObject[] = [
  { index: true, element: <DashboardPage />, handle: { title: 'Dashboard' } satisfies RouteHandle },
  page('users', <UsersPage />, { title: 'Manage Users' }),
  page('deposits', <DepositsPage />, { title: 'Deposits' }),
  page('withdrawals', <WithdrawalsPage />, { title: 'Withdrawals' }),
  page('investments', <InvestmentsPage />, { title: 'Investments' }),
  page('cmdinvestments', <CompoundInvestmentsPage />, {
    title: 'All Compound Investments',
    parent: { title: 'Investments', to: '/investments' }
  }),
  // SPEC §2 spells it with a capital S; matching is case-insensitive, so /settings works too.
  page('Settings', <PlansPage />, { title: 'Manage Investment Plans' }),
  page('sendmail', <SendMailPage />, { title: 'Send Email to User' }),
  page('walletsettings', <WalletsPage />, { title: 'Admin Wallet Addresses' }),
  page('referrals', <ReferralsPage />, { title: 'Admin Referral Dashboard' }),
  page('audit', <AuditPage />, { title: 'Audit log' }),
  page('*', <NotFoundPage />, { title: 'Page not found' })
];

export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage notice={<UpdateBanner variant="card" />} /> },
  // Outside the guard: signing out must not remember /logout as the page to come back to.
  { path: '/logout', element: <LogoutPage /> },
  {
    element: <RequireAdmin />,
    children: [{ path: '/', element: <AdminLayout />, children: adminPages }]
  }
]);
