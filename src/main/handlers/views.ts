import { savedViews } from '../../core/savedViews';
import type { HandlerContext, NamespaceHandlers } from './context';

export const viewsHandlers = ({ prefs }: HandlerContext): NamespaceHandlers<'views'> => {
  const views = savedViews(prefs);
  return {
    'views.list': () => views.list(),
    'views.save': (view) => views.save(view),
    'views.rename': ({ id, name }) => views.rename(id, name),
    'views.delete': ({ id }) => views.remove(id)
  };
};
