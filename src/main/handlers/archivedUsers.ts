import type { HandlerContext, NamespaceHandlers } from './context';

/** Deleted customers kept on record (read only: the backend host writes them when it deletes a customer). */
export const archivedUsersHandlers = ({ platform }: HandlerContext): NamespaceHandlers<'archivedUsers'> => ({
  'archivedUsers.list': (at) => platform().archive.list(at),
  'archivedUsers.get': ({ id }) => platform().archive.get(id),
  'archivedUsers.kyc': ({ id }) => platform().archive.kyc(id)
});
