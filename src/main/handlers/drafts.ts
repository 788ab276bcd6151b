import type { HandlerContext, NamespaceHandlers } from './context';

export const draftsHandlers = ({ actor, drafts }: HandlerContext): NamespaceHandlers<'drafts'> => ({
  'drafts.get': ({ key }) => ({ value: (drafts.get(actor().uid, key) ?? null) as never }),
  'drafts.put': ({ key, value }) => {
    drafts.put(actor().uid, key, value ?? null);
    return null;
  }
});
