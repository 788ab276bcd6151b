import type { HandlerContext, NamespaceHandlers } from './context';

export const auditHandlers = ({ platform }: HandlerContext): NamespaceHandlers<'audit'> => ({
  'audit.list': ({ kind, ...at }) => platform().lists.audit(kind ?? null, at)
});
