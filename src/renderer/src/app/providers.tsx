import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { markToasterShown, useToasterWanted } from '../lib/notify';
import { queryClient } from '../lib/query-client';
import { useTheme } from '../lib/theme';

// Loaded when first wanted (lib/notify), so the sign-in page does not download it.
const Toaster = lazy(() =>
  import('sonner').then(({ Toaster: SonnerToaster }) => ({
    default: function AppToaster() {
      useEffect(markToasterShown, []);
      // Its own colours, not the page's: told the theme the page is drawn in.
      const dark = useTheme((state) => state.dark);
      return <SonnerToaster position="top-right" duration={3000} richColors closeButton theme={dark ? 'dark' : 'light'} />;
    }
  }))
);

// Tooltips (Radix, with floating-ui) live only behind sign-in: their provider is in AdminLayout, so
// the sign-in page does not download them.
export function AppProviders({ children }: { children: ReactNode }) {
  const toasterWanted = useToasterWanted((state) => state.wanted);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* The only Toaster: screens raise toasts through lib/notify. */}
      {toasterWanted && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
