import { lazy, type ComponentType } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- screens take different props
type AnyPage = ComponentType<any>;

/**
 * A screen's page as its own chunk. `preload` starts the load early (a sidebar link on hover or
 * focus, the dashboard while signing in); it is shared with the lazy component, so a screen is
 * fetched once, and forgotten if the fetch failed, so it can be tried again.
 */
export interface LazyPage {
  Component: AnyPage;
  preload(): Promise<unknown>;
}

export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => AnyPage): LazyPage {
  let loading: Promise<M> | undefined;
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return { Component: lazy(() => preload().then((module) => ({ default: pick(module) }))), preload };
}
