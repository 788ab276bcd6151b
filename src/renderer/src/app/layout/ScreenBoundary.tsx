import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { CaughtError } from '../../components/CaughtError';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { reportError } from '../../lib/error-report';

/**
 * A screen that throws while drawing takes only its own area down: the sidebar and the top bar stay,
 * the area says what happened and offers to draw the screen again, and the error goes to the main
 * log. Moving to another screen clears it.
 */
export function ScreenBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      resetOn={pathname}
      onError={(error, info) => reportError('boundary', error, pathname, info.componentStack ? `Component stack:${info.componentStack}` : undefined)}
      fallback={({ error, retry }) => (
        <CaughtError
          error={error}
          route={pathname}
          title="This screen stopped working"
          description="Something on this screen went wrong, so Ledgerdesk stopped drawing it. The rest of Ledgerdesk still works, and the details were written to the log."
          reloadLabel="Reload this screen"
          onReload={retry}
        />
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
