import type { ColumnLayouts } from '../../shared/schemas/columns';
import type { HandlerContext, NamespaceHandlers } from './context';

/** Each list's columns as the administrator last chose them (the preferences file); a list put back to its default has no entry. */
export const columnsHandlers = ({ prefs }: HandlerContext): NamespaceHandlers<'columns'> => ({
  'columns.get': () => prefs.read().columnLayouts ?? {},
  'columns.set': ({ list, layout }) => {
    const { [list]: _previous, ...others } = prefs.read().columnLayouts ?? {};
    const layouts: ColumnLayouts = layout ? { ...others, [list]: layout } : others;
    prefs.update({ columnLayouts: layouts });
    return layouts;
  }
});
