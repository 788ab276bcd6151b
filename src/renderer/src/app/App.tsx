import { useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import { watchUpdates } from '../features/updates/api/updates';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { reportError } from '../lib/error-report';
import { PageError } from './PageError';
import { AppProviders } from './providers';
import { router } from './router';
import { SessionGate } from './SessionGate';

export function App() {
  useEffect(() => watchUpdates(), []);
  return (
    <AppProviders>
      {/* Above the router: the session gate itself failing still shows what happened, not a blank window. */}
      <ErrorBoundary onError={(error) => reportError('boundary', error)} fallback={({ error }) => <PageError error={error} />}>
        <SessionGate>
          <RouterProvider router={router} />
        </SessionGate>
      </ErrorBoundary>
    </AppProviders>
  );
}
