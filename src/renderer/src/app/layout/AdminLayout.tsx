import { Outlet } from 'react-router-dom';
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
          <Outlet />
        </main>
      </div>
      <IdleWarningBanner />
    </div>
  );
}
