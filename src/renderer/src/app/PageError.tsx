import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { CaughtError } from '../components/CaughtError';
import { Card } from '../components/ui/Card';
import { FullPage } from '../components/ui/FullPage';
import { currentRoute, reportError } from '../lib/error-report';

/** The whole page could not be drawn (the sign-in page, the layout around the screens): what happened, and a reload of the page. */
export function PageError({ error }: { error: unknown }) {
  const route = currentRoute();
  return (
    <FullPage>
      <Card className="w-full max-w-2xl">
        <CaughtError
          error={error}
          route={route}
          title="Ledgerdesk stopped on an error"
          description="Something went wrong while drawing this page. Reloading it usually helps; you stay signed in. The details were written to the log."
          reloadLabel="Reload Ledgerdesk"
          onReload={() => window.location.reload()}
        />
      </Card>
    </FullPage>
  );
}

/** The routes' errorElement: an error React Router caught is shown here, not on its default page, and written to the log. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => reportError('route', error), [error]);
  return <PageError error={error} />;
}
