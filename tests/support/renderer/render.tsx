import * as Tooltip from '@radix-ui/react-tooltip';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { WithdrawalStatus } from '../../../src/shared/domain/statuses';
import { decided, withOverride, withTxid, type Decided, type StatusChange } from '../../../src/renderer/src/modules/status/status-change';

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

/**
 * A withdrawal's status change as its list defines one (features/withdrawals/withdrawals-list.tsx),
 * with the preview and the save a test gives: what the decision sends is the contract's input, built
 * as the list builds it.
 */
export function withdrawalChange(
  parts: Pick<StatusChange<Decided, WithdrawalStatus, 'withdrawals.setStatus'>, 'preview' | 'save' | 'question'> &
    Partial<StatusChange<Decided, WithdrawalStatus, 'withdrawals.setStatus'>>
): StatusChange<Decided, WithdrawalStatus, 'withdrawals.setStatus'> {
  return {
    statuses: ['pending', 'approved', 'rejected'],
    previewKey: (id, status) => ['statusPreview', 'withdrawals', id, status],
    decision: (id, status, choice) => ({ id, status, ...decided(choice), ...withTxid(choice), ...withOverride(choice) }),
    listKey: ['withdrawals', 'list'],
    alsoInvalidate: [],
    ...parts
  };
}
