import { useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import { watchUpdates } from '../features/updates/api/updates';
import { AppProviders } from './providers';
import { router } from './router';
import { SessionGate } from './SessionGate';

export function App() {
  useEffect(() => watchUpdates(), []);
  return (
    <AppProviders>
      <SessionGate>
        <RouterProvider router={router} />
      </SessionGate>
    </AppProviders>
  );
}
