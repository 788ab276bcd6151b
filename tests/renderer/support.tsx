import * as Tooltip from '@radix-ui/react-tooltip';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';

/** A screen or part as the app draws it: a fresh query cache (no retries), tooltips, and the router at `url`. */
export const showInApp = (ui: ReactNode, url = '/') =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Tooltip.Provider>
        <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
      </Tooltip.Provider>
    </QueryClientProvider>
  );

/**
 * jsdom lays nothing out: parts that measure themselves (the Remember me switch, cmdk's list) need a
 * ResizeObserver, and a highlighted row is scrolled into view. Stand-ins that do nothing, once.
 */
export function standInForLayout(): void {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView ??= () => {};
}
