import { useMatches } from 'react-router-dom';

/** Attached to each admin route as `handle`: the top bar and the window title read it. */
export interface RouteHandle {
  title: string;
  /** Shown before the title in the top bar, for screens reached from another one. */
  parent?: { title: string; to: string };
}

export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.title) return handle;
  }
  return undefined;
}
