import type { HandlerContext, NamespaceHandlers } from './context';

export const appHandlers = ({ info, updates }: HandlerContext): NamespaceHandlers<'app'> => ({
  'app.info': () => info,
  'app.updateStatus': () => updates.status(),
  'app.restartToUpdate': () => {
    updates.restartToUpdate();
    return null;
  }
});
