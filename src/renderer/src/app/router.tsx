import { Suspense, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { FullPageLoader } from '../components/ui/FullPage';
import { RequireAdmin } from '../features/auth/components/RequireAdmin';
import { UpdateBanner } from '../features/updates/components/UpdateBanner';
import { RouteError } from './PageError';
import type { RouteHandle } from './route-handle';
import { lazyPage, parentOf, screens, type Screen } from './routes';

// Every screen is loaded when first shown (app/routes.ts), so the sign-in page downloads only what
// it needs; the admin layout holds a Suspense boundary of its own, so the sidebar stays while a
// screen loads. The layout is not a screen: it is loaded here, beside the routes that draw it.
const adminLayout = lazyPage(
  () => import('./layout/AdminLayout'),
  (m) => m.AdminLayout
);

/**
 * What the first screen after signing in needs: the admin layout, the dashboard and the toast
 * library the layout asks for as it appears. Started by the sign-in form's first keystroke, so it
 * downloads while the password is typed: the sign-in page itself still loads only its own code, and
 * the sign-in call, once sent, no longer waits behind these downloads for a connection.
 */
export function preloadAfterSignIn(): void {
  void Promise.all([adminLayout.preload(), screens.dashboard.page.preload(), import('sonner')]).catch(() => undefined);
}

/** A screen of the admin layout: the top bar and the window title read its handle. */
function adminRoute(screen: Screen): RouteObject {
  const parent = parentOf(screen);
  const handle: RouteHandle = { title: screen.title ?? '', ...(parent?.title ? { parent: { title: parent.title, to: parent.path } } : {}) };
  const element = <screen.page.Component />;
  // The layout's routes are relative to it: '/' is its index, '/users' is 'users'.
  return screen.path === '/' ? { index: true, element, handle } : { path: screen.path.replace(/^\//, ''), element, handle };
}

const adminPages: RouteObject[] = Object.values(screens)
  .filter((screen: Screen) => !screen.outside)
  .map(adminRoute);

const whole = (children: ReactNode) => <Suspense fallback={<FullPageLoader label="Opening Ledgerdesk…" />}>{children}</Suspense>;

// Each top-level route names its errorElement, so an error is never shown on React Router's default page;
// a screen's own errors stop at its boundary in the admin layout (layout/ScreenBoundary.tsx) first.
export const router = createBrowserRouter([
  {
    path: screens.login.path,
    errorElement: <RouteError />,
    // Typing in the sign-in form starts loading the dashboard (a form filled by the browser and
    // submitted at once starts it on submit).
    element: whole(
      <div className="contents" onInputCapture={preloadAfterSignIn} onSubmitCapture={preloadAfterSignIn}>
        <screens.login.page.Component notice={<UpdateBanner variant="card" />} />
      </div>
    )
  },
  // Outside the guard: signing out must not remember /logout as the page to come back to.
  { path: screens.logout.path, element: whole(<screens.logout.page.Component />), errorElement: <RouteError /> },
  {
    element: <RequireAdmin />,
    errorElement: <RouteError />,
    children: [{ path: '/', element: whole(<adminLayout.Component />), children: adminPages }]
  }
]);
