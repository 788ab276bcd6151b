import * as Tooltip from '@radix-ui/react-tooltip';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { queryClient } from '../lib/query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Tooltip.Provider delayDuration={300}>
        {children}
        {/* The only Toaster: screens raise toasts through lib/notify. */}
        <Toaster position="top-right" duration={3000} richColors closeButton />
      </Tooltip.Provider>
    </QueryClientProvider>
  );
}
