import { requireIdToken } from '../actor';
import { requirePassword, type HandlerContext, type NamespaceHandlers } from './context';

/**
 * The team (docs/product-rules.md §15.2). Roles are custom claims on Firebase Auth accounts, which
 * only the platform side may set, so every call goes through the backend host with the ID token;
 * the host checks the owner's role and, for a change, the recently typed password again.
 */
export function teamHandlers(ctx: HandlerContext): NamespaceHandlers<'team'> {
  const { platform } = ctx;
  const token = () => requireIdToken(platform().idToken);
  return {
    'team.list': async () => platform().backend.listTeam(await token()),
    'team.invite': async ({ email, role, operationId }) => {
      requirePassword(ctx);
      const { backend, platformName } = platform();
      // The platform's name as this computer shows it, for the invitation's words.
      return backend.inviteMember({ email, role, platformName }, await token(), operationId);
    },
    'team.setRole': async ({ uid, role, operationId }) => {
      requirePassword(ctx);
      return platform().backend.setMemberRole(uid, role, await token(), operationId);
    },
    'team.disable': async ({ uid, operationId }) => {
      requirePassword(ctx);
      return platform().backend.disableMember(uid, await token(), operationId);
    }
  };
}
