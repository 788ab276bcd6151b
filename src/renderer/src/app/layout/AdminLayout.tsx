import * as Tooltip from '@radix-ui/react-tooltip';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Spinner } from '../../components/ui/Spinner';
import { IdleWarningBanner } from '../../features/auth/components/IdleWarningBanner';
import { useActivityReporter } from '../../features/auth/hooks/useActivityReporter';
import { UpdateBanner } from '../../features/updates/components/UpdateBanner';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useRouteHandle } from '../route-handle';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

export function AdminLayout() {
  useActivityReporter();
  useDocumentTitle(useRouteHandle()?.title);

  return (
    // Tooltips exist only behind sign-in, so their provider (and Radix's floating-ui) loads with this layout.
    <Tooltip.Provider delayDuration={300}>
      <div className="flex min-h-screen">
        {/* Keyboard users reach the screen's content without tabbing through ten sidebar links. */}
        <a
          href="#content"
          className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-slate-900 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        <Sidebar />
        <div className="min-w-0 flex-1">
          <TopBar />
          <UpdateBanner variant="bar" />
          <main id="content" tabIndex={-1} className="px-8 py-8 focus:outline-none">
            {/* A screen's chunk loading: the sidebar and top bar stay, the content area waits. */}
            <Suspense fallback={<ScreenLoading />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
        <IdleWarningBanner />
      </div>
    </Tooltip.Provider>
  );
}

function ScreenLoading() {
  return (
    <div role="status" aria-live="polite" className="flex animate-fade-in-late items-center gap-2 py-10 text-sm text-slate-500">
      <Spinner />
      <span>Loading…</span>
    </div>
  );
}
