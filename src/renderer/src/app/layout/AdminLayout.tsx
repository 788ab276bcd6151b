import * as Tooltip from '@radix-ui/react-tooltip';
import { Keyboard } from 'lucide-react';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { CommandPalette } from '../../modules/palette/CommandPalette';
import type { PaletteAction } from '../../modules/palette/palette-items';
import type { RecordSource } from '../../modules/palette/record-source';
import { usePaletteShortcut } from '../../modules/palette/use-palette-shortcut';
import { ShortcutsDialog } from '../../modules/shortcut-list/ShortcutsDialog';
import { useHelpShortcut } from '../../components/shortcuts/use-help-shortcut';
import { Spinner } from '../../components/ui/Spinner';
import { IdleWarningBanner } from '../../features/auth/components/IdleWarningBanner';
import { ReauthDialog } from '../../features/auth/components/ReauthDialog';
import { useActivityReporter } from '../../features/auth/hooks/use-activity-reporter';
import { useFindRecords } from '../../features/find/api/find';
import { readDetail } from '../../features/find/detail';
import { kindLook, recordPath } from '../../features/find/record-path';
import { UpdateBanner } from '../../features/updates/components/UpdateBanner';
import { useMainEvent } from '../../lib/live-events';
import { wantToaster } from '../../lib/notify';
import { globalShortcuts } from '../../lib/shortcuts';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ReviewListsProvider } from '../../modules/review-list/lists-context';
import { reviewLists } from '../review-lists';
import { useRouteHandle } from '../route-handle';
import { useRole } from '../../lib/role';
import { paletteDestinationsFor } from '../routes';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { ScreenBoundary } from './ScreenBoundary';
import { useScreenFocus } from './use-screen-focus';
import { useTimesShownIn } from './times-shown-in';
import { themeActions } from './ThemeSwitch';

/** The palette finds records as the top bar's find does (components may not import a feature). */
const records: RecordSource = { useFind: useFindRecords, pathOf: recordPath, lookOf: (kind) => kindLook[kind], detailOf: readDetail };

export function AdminLayout() {
  useActivityReporter();
  // First, so the sidebar's view counts and the screen read their days in the chosen zone.
  const times = useTimesShownIn();
  // Behind sign-in toasts come often (every decision): the toast library loads with the layout.
  useEffect(wantToaster, []);
  const title = useRouteHandle()?.title;
  const role = useRole();
  useDocumentTitle(title);
  const announced = useScreenFocus(title);
  // Here, behind sign-in: the sign-in page answers neither Ctrl K nor `?`.
  const [helpOpen, setHelpOpen] = useState(false);
  usePaletteShortcut();
  useHelpShortcut(() => setHelpOpen(true));
  // Help > Keyboard shortcuts in the desktop app's menu.
  useMainEvent('app.showShortcuts', () => setHelpOpen(true));
  const deskActions = useMemo<PaletteAction[]>(
    () => [
      {
        value: 'show shortcuts',
        label: 'Keyboard shortcuts',
        detail: `Every shortcut of the desk (${globalShortcuts.help.label})`,
        icon: Keyboard,
        keywords: ['help', 'keys', 'hotkeys'],
        action: () => setHelpOpen(true)
      },
      ...themeActions
    ],
    []
  );

  return (
    // Tooltips exist only behind sign-in, so their provider (and Radix's floating-ui) loads with this layout.
    <Tooltip.Provider delayDuration={300}>
      <ReviewListsProvider lists={reviewLists}>
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
              {/* A screen's chunk loading, or a screen that threw: the sidebar and top bar stay, the content area waits or says what happened. */}
              {/* Drawn again from the start in a newly chosen zone; nothing is drawn in a zone it is about to leave. */}
              {times.ready ? (
                <ScreenBoundary key={times.zone}>
                  <Suspense fallback={<ScreenLoading />}>
                    <Outlet />
                  </Suspense>
                </ScreenBoundary>
              ) : (
                <ScreenLoading />
              )}
            </main>
          </div>
          {/* Says the screen's name after each move, with the focus on its heading. */}
          <p role="status" aria-live="polite" className="sr-only">
            {announced}
          </p>
          <IdleWarningBanner />
          <ReauthDialog />
          <CommandPalette destinations={paletteDestinationsFor(role)} records={records} actions={deskActions} />
          <ShortcutsDialog open={helpOpen} onOpenChange={setHelpOpen} />
        </div>
      </ReviewListsProvider>
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
