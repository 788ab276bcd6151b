import type { HandlerContext, NamespaceHandlers } from './context';

export const recordsHandlers = ({ platform }: HandlerContext): NamespaceHandlers<'records'> => ({
  'records.find': ({ query }) => platform().records.find(query),
  'records.verify': (range) => platform().evidence.verify(range),
  'records.digests': () => platform().evidence.digests(),
  'records.digestFile': ({ day }) => platform().evidence.digestFile(day)
});
