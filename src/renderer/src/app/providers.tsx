import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { queryClient } from '../lib/query-client';

// Tooltips (Radix, with floating-ui) live only behind sign-in: their provider is in AdminLayout, so
// the sign-in page does not download them.
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* The only Toaster: screens raise toasts through lib/notify. */}
      <Toaster position="top-right" duration={3000} richColors closeButton />
    </QueryClientProvider>
  );
}
