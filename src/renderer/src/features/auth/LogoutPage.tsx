import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { FullPageLoader } from '../../components/ui/FullPage';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../../stores/session';
import { refreshSession, signOut } from './api/session';
import { paths } from '../../lib/paths';

export function LogoutPage() {
  const navigate = useNavigate();
  // StrictMode runs effects twice in development; sign out once.
  const started = useRef(false);
  useDocumentTitle('Signing out');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signOut()
      .catch(async (error: unknown) => {
        notify.error('Could not sign out', errorMessage(error));
        await refreshSession();
      })
      .finally(() => {
        navigate(useSession.getState().user ? paths.dashboard : paths.login, { replace: true });
      });
  }, [navigate]);

  return <FullPageLoader label="Signing out…" />;
}
