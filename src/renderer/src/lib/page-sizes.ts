import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE, pageSizeOf, pageSizes, type PageSize, type SizedList } from '../../../shared/schemas/views';
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

/**
 * The page size of a list whose address holds nothing else of the kind (the Due tab, referrals):
 * `?size=` when given, else the remembered one; choosing one writes both.
 */
export function useUrlPageSize(list: SizedList) {
  const [params, setParams] = useSearchParams();
  const remembered = useRememberedPageSize(list);
  const asked = pageSizeOf(params.get('size'));
  const pageSize = asked ?? remembered.size;
  return {
    pageSize,
    ready: asked !== null || remembered.ready,
    choice: {
      value: pageSize,
      sizes: pageSizes,
      onChange: (size: number) => {
        const chosen = pageSizeOf(String(size));
        if (!chosen) return;
        remembered.remember(chosen);
        setParams((current) => {
          const next = new URLSearchParams(current);
          next.set('size', String(chosen));
          return next;
        });
      }
    }
  };
}
