import { useEffect, useState, type ReactNode } from 'react';
import { Card } from '../components/ui/Card';
import { ErrorState } from '../components/ui/ErrorState';
import { FullPage, FullPageLoader } from '../components/ui/FullPage';
import { refreshSession, watchSession } from '../features/auth/api/session';
import { useSession } from '../stores/session';

/**
 * Nothing routes until the main process has said who is signed in: the guard and the sign-in
 * page (remembered e-mail, "signed out after…") both depend on it.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const status = useSession((s) => s.status);
  const problem = useSession((s) => s.problem);
  const [retrying, setRetrying] = useState(false);

  useEffect(() => {
    const unwatch = watchSession();
    void refreshSession();
    return unwatch;
  }, []);

  if (status === 'unknown') return <FullPageLoader label="Opening Ledgerdesk…" />;

  if (status === 'unreachable') {
    const retry = () => {
      setRetrying(true);
      void refreshSession().finally(() => setRetrying(false));
    };
    return (
      <FullPage>
        <Card className="w-full max-w-md">
          <ErrorState title="Couldn't open Ledgerdesk" message={problem ?? 'The session could not be read.'} onRetry={retry} retrying={retrying} />
        </Card>
      </FullPage>
    );
  }

  return children;
}
