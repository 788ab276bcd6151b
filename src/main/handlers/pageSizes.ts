import type { HandlerContext, NamespaceHandlers } from './context';

/** Each list's page size as the administrator last chose it (the preferences file); a list never chosen is absent. */
export const pageSizesHandlers = ({ prefs }: HandlerContext): NamespaceHandlers<'pageSizes'> => ({
  'pageSizes.get': () => prefs.read().pageSizes ?? {},
  'pageSizes.set': ({ list, size }) => {
    const sizes = { ...prefs.read().pageSizes, [list]: size };
    prefs.update({ pageSizes: sizes });
    return sizes;
  }
});
