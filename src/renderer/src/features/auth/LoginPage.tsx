import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Badge } from '../../components/ui/Badge';
import { Card } from '../../components/ui/Card';
import { FullPage, FullPageLoader } from '../../components/ui/FullPage';
import { LogoMark, Wordmark } from '../../components/ui/Logo';
import { useAppInfo } from '../../lib/app-info';
import { formatDuration } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../../stores/session';
import { ConnectPlatform } from './components/ConnectPlatform';
import { LoginForm } from './components/LoginForm';
import { SessionEndedNotice } from './components/SessionEndedNotice';
import { useReturnPath } from './last-location';

/** `notice` is drawn above the card: the app puts the update banner there. */
export function LoginPage({ notice }: { notice?: ReactNode }) {
  const signedIn = useSession((s) => s.user !== null);
  const idleTimeoutMs = useSession((s) => s.idleTimeoutMs);
  const location = useLocation();
  const info = useAppInfo();
  const unconfigured = info?.mode === 'unconfigured';
  useDocumentTitle(unconfigured ? 'Connect your platform' : 'Sign in');

  const next = useReturnPath(location.state, signedIn);

  if (signedIn) return next === null ? <FullPageLoader label="Opening Ledgerdesk…" /> : <Navigate to={next} replace />;

  return (
    <FullPage>
      <div className={unconfigured ? 'w-full max-w-[520px]' : 'w-full max-w-[400px]'}>
        {notice}
        <Card className="px-8 pt-8 pb-7 shadow-sm">
          <div className="flex items-center gap-2.5">
            <LogoMark />
            <Wordmark className="text-lg text-slate-900" />
          </div>
          <h1 className="mt-6 text-xl font-semibold tracking-tight text-slate-900">{unconfigured ? 'Connect your platform' : 'Sign in to the back-office'}</h1>
          <p className="mt-1 text-sm text-slate-500">{unconfigured ? 'Ledgerdesk is not connected to a platform yet.' : 'Administrator access only.'}</p>

          <div className="mt-6 space-y-5">
            {unconfigured ? (
              <ConnectPlatform configFile={info?.configFile ?? ''} problem={info?.configProblem ?? null} />
            ) : (
              <>
                <SessionEndedNotice />
                <LoginForm />
              </>
            )}
          </div>
        </Card>

        <div className="mt-6 flex flex-col items-center gap-2 text-center text-xs text-slate-500">
          <p>For your security, you are signed out after {formatDuration(idleTimeoutMs)} without activity.</p>
          {info && (
            <p className="flex items-center gap-2">
              <span className="tabular-nums">Ledgerdesk {info.version}</span>
              {info.mode === 'demo' && <Badge tone="warning">Demo data</Badge>}
            </p>
          )}
        </div>
      </div>
    </FullPage>
  );
}
