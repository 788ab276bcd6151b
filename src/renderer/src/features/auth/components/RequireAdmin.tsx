import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../../../stores/session';
import { useRememberLocation } from '../last-location';
import type { SignInRedirectState } from '../redirect';
import { paths } from '../../../lib/paths';

/** Admin pages render only with a signed-in administrator; otherwise sign in and come back here. */
export function RequireAdmin() {
  const signedIn = useSession((s) => s.user !== null);
  const location = useLocation();
  if (!signedIn) {
    const state: SignInRedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return <AdminScreens />;
}

function AdminScreens() {
  useRememberLocation();
  return <Outlet />;
}
