import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call } from './api';
import { rootKeys } from './query-keys';

const appInfoQuery = queryOptions({
  queryKey: [...rootKeys.app, 'info'],
  queryFn: () => call(() => api().app.info({})),
  staleTime: Number.POSITIVE_INFINITY,
  // Version and mode are decoration; the screens stay usable without them.
  meta: { silent: true }
});

/** Version, mode (demo/production) and transport; undefined until the main process answers. */
export function useAppInfo() {
  return useQuery(appInfoQuery).data;
}
