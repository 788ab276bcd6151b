import type { HandlerContext, NamespaceHandlers } from './context';

export const recordsHandlers = ({ platform }: HandlerContext): NamespaceHandlers<'records'> => ({
  'records.find': ({ query }) => platform().records.find(query)
});
