import { QueryCache, QueryClient } from '@tanstack/react-query';
import { errorMessage, isApiError } from './api';
import { notify } from './notify';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Toast title when this query fails, e.g. "Failed to load dashboard". */
      errorTitle?: string;
      /** No toast: the screen explains the failure itself, or it does not matter to the admin. */
      silent?: boolean;
    };
  }
}

/** Only a transport hiccup is worth repeating; business errors answer the same every time. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error)) return error.code === 'UNAVAILABLE' && failureCount < 2;
  return failureCount < 1;
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError(error, query) {
      // An expired session is handled by the sign-in redirect; a toast on top would be noise.
      if (isApiError(error, 'UNAUTHENTICATED') || query.meta?.silent) return;
      const title = query.meta?.errorTitle;
      if (title) notify.error(title, errorMessage(error));
      else notify.error(errorMessage(error));
    }
  }),
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000 },
    mutations: { retry: false }
  }
});
