import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, type PageSize, type SizedList } from '../../../shared/schemas/views';
import { api, call } from './api';
import { rootKeys } from './query-keys';

const sizesKey = [...rootKeys.app, 'pageSizes'] as const;

/**
 * The page size a list opens with: the one last chosen for it on this computer (the preferences
 * file), else the spec's 10. `ready` is false until the preferences answered, so a list does not
 * load a page of 10 and then another of 50.
 */
export function useRememberedPageSize(list: SizedList) {
  const queryClient = useQueryClient();
  const sizes = useQuery({
    queryKey: sizesKey,
    queryFn: () => call(() => api().pageSizes.get({})),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true }
  });
  const remember = useMutation({
    mutationFn: (size: PageSize) => call(() => api().pageSizes.set({ list, size })),
    onSuccess: (next) => queryClient.setQueryData(sizesKey, next)
  });
  return {
    size: sizes.data?.[list] ?? DEFAULT_PAGE_SIZE,
    // A failed read is no reason to hold the list back: it opens at 10.
    ready: !sizes.isPending,
    remember: (size: PageSize) => remember.mutate(size)
  };
}
