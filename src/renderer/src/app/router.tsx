import { Suspense, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { FullPageLoader } from '../components/ui/FullPage';
import { RequireAdmin } from '../features/auth/components/RequireAdmin';
import { UpdateBanner } from '../features/updates/components/UpdateBanner';
import { paths } from '../lib/paths';
import { lazyPage } from './lazy-page';
import { RouteError } from './PageError';

// Every page is loaded when first shown, so the sign-in page downloads only what it needs. The
// screens behind sign-in, and the route table that lists them (routes.ts), load with the admin
// layout: the router adds them under it on the first move into it (patchRoutesOnNavigation). The
// layout holds a Suspense boundary of its own, so the sidebar stays while a screen loads.
const adminLayout = lazyPage(
  () => import('./layout/AdminLayout'),
  (m) => m.AdminLayout
);
const signInPage = lazyPage(
  () => import('../features/auth/LoginPage'),
  (m) => m.LoginPage
);
const signOutPage = lazyPage(
  () => import('../features/auth/LogoutPage'),
  (m) => m.LogoutPage
);

/** The route table, loaded once. */
const routeTable = () => import('./routes');

/**
 * What the first screen after signing in needs: the admin layout, the route table and the dashboard,
 * and the toast library the layout asks for as it appears. Started by the sign-in form's first
 * keystroke, so it downloads while the password is typed: the sign-in page itself still loads only
 * its own code, and the sign-in call, once sent, no longer waits behind these downloads for a connection.
 */
export function preloadAfterSignIn(): void {
  void Promise.all([adminLayout.preload(), routeTable().then(({ screens }) => screens.dashboard.page.preload()), import('sonner')]).catch(() => undefined);
}

const whole = (children: ReactNode) => <Suspense fallback={<FullPageLoader label="Opening Ledgerdesk…" />}>{children}</Suspense>;

/** The admin layout's route, given its screens from the route table on the first move into it. */
const LAYOUT = 'admin-layout';
let screensAdded: Promise<void> | undefined;

// Each top-level route names its errorElement, so an error is never shown on React Router's default page;
// a screen's own errors stop at its boundary in the admin layout (layout/ScreenBoundary.tsx) first.
export const router = createBrowserRouter(
  [
    {
      path: paths.login,
      errorElement: <RouteError />,
      // Typing in the sign-in form starts loading the dashboard (a form filled by the browser and
      // submitted at once starts it on submit).
      element: whole(
        <div className="contents" onInputCapture={preloadAfterSignIn} onSubmitCapture={preloadAfterSignIn}>
          <signInPage.Component notice={<UpdateBanner variant="card" />} />
        </div>
      )
    },
    // Outside the guard: signing out must not remember /logout as the page to come back to.
    { path: paths.logout, element: whole(<signOutPage.Component />), errorElement: <RouteError /> },
    {
      element: <RequireAdmin />,
      errorElement: <RouteError />,
      // Without a path of its own: until its screens are added, no address matches it, so the first move into it adds them.
      children: [{ id: LAYOUT, element: whole(<adminLayout.Component />) }]
    }
  ],
  {
    // Once; a table that could not be loaded (a dropped connection) is asked for again on the next move.
    patchRoutesOnNavigation: ({ patch }) =>
      (screensAdded ??= routeTable()
        .then(({ adminRoutes }) => patch(LAYOUT, adminRoutes()))
        .catch((error: unknown) => {
          screensAdded = undefined;
          throw error;
        }))
  }
);
