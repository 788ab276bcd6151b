import type { HandlerContext, NamespaceHandlers } from './context';

export const auditHandlers = ({ platform }: HandlerContext): NamespaceHandlers<'audit'> => ({
  'audit.list': (query) => platform().lists.audit(query)
});
