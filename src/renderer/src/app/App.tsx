import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './providers';
import { router } from './router';
import { SessionGate } from './SessionGate';

export function App() {
  return (
    <AppProviders>
      <SessionGate>
        <RouterProvider router={router} />
      </SessionGate>
    </AppProviders>
  );
}
