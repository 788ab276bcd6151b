import type { HandlerContext, NamespaceHandlers } from './context';

export const liveHandlers = ({ platform }: HandlerContext): NamespaceHandlers<'live'> => ({
  'live.watchList': (input) => ({ watchId: platform().live.watch(input) }),
  'live.unwatch': ({ watchId }) => {
    platform().live.unwatch(watchId);
    return null;
  },
  'live.pendingCounts': () => platform().live.pendingCounts()
});
