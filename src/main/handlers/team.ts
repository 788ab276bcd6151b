import type { Role } from '../../shared/domain/roles';
import { requireIdToken } from '../../core/actor';
import { askApproval, teamNeed, teamSummary, type TeamAction } from '../../core/hostApprovals';
import { operationOf } from '../../core/operations';
import type { TeamChange } from '../../core/ports/backendHost';
import { requirePassword, type HandlerContext, type NamespaceHandlers } from './context';

/** The approver applying a request (src/main/handlers/approvals.ts): the host checks and marks it. */
export interface TeamApplying {
  approval?: { id: string };
}

/**
 * The team (docs/product-rules.md §15.2). Roles are custom claims on Firebase Auth accounts, which
 * only the platform side may set, so every call goes through the backend host with the ID token;
 * the host checks the owner's role and, for a change, the recently typed password again. Under the
 * approval policy (teamChanges) the owner's change is filed as a request instead (§15.6), and the
 * host is called when another owner approves it.
 */
export function teamHandlers(ctx: HandlerContext, applying: TeamApplying = {}): NamespaceHandlers<'team'> {
  const { platform } = ctx;
  const token = () => requireIdToken(platform().idToken);
  /** The request an approver applies, sent to the host as a last argument only when there is one. */
  const applied: [] | [string] = applying.approval ? [applying.approval.id] : [];
  /** The request when the policy covers the change and this is not an approval being applied; null: call the host. */
  const asked = async (
    method: 'team.invite' | 'team.setRole' | 'team.disable',
    input: { operationId: string } & Record<string, unknown>,
    change: TeamAction
  ) => {
    if (applying.approval) return null;
    const { store } = platform();
    const { operationId: _id, ...decision } = input;
    const filed = await askApproval({
      store,
      actor: ctx.actor,
      operation: operationOf(method, input),
      method,
      decision,
      need: teamNeed(change),
      summary: async () => {
        if (change.action === 'invite') return teamSummary(change, change.email);
        const member = await store.inspect((read) => read.get(`team/${change.uid}`));
        return teamSummary(change, typeof member?.data.email === 'string' ? member.data.email : change.uid);
      },
      auditKind: 'team'
    });
    if (!filed) return null;
    return { ...filed, member: await memberAsked(change) };
  };
  /** The member as the Team screen knows them now (an invitation: as it would be): nothing changed yet. */
  const memberAsked = async (change: TeamAction): Promise<TeamChange['member']> => {
    if (change.action === 'invite') {
      return { uid: '', email: change.email, role: change.role, mfa: false, lastSignInAt: null, disabled: false, invitedAt: null, invitedBy: null };
    }
    const stored = (await platform().store.inspect((read) => read.get(`team/${change.uid}`)))?.data ?? {};
    const text = (value: unknown) => (typeof value === 'string' ? value : null);
    return {
      uid: change.uid,
      email: text(stored.email) ?? '',
      role: (text(stored.role) as Role | null) ?? (change.action === 'setRole' ? change.role : 'viewer'),
      mfa: false,
      lastSignInAt: null,
      disabled: stored.disabled === true,
      invitedAt: null,
      invitedBy: text(stored.invitedBy)
    };
  };
  return {
    'team.list': async () => platform().backend.listTeam(await token()),
    'team.invite': async (input) => {
      requirePassword(ctx);
      const { email, role, operationId } = input;
      const request = await asked('team.invite', input, { action: 'invite', email, role });
      if (request) return request;
      const { backend, platformName } = platform();
      // The platform's name as this computer shows it, for the invitation's words.
      return backend.inviteMember({ email, role, platformName }, await token(), operationId, ...applied);
    },
    'team.setRole': async (input) => {
      requirePassword(ctx);
      const { uid, role, operationId } = input;
      const request = await asked('team.setRole', input, { action: 'setRole', uid, role });
      if (request) return request;
      return platform().backend.setMemberRole(uid, role, await token(), operationId, ...applied);
    },
    'team.disable': async (input) => {
      requirePassword(ctx);
      const { uid, operationId } = input;
      const request = await asked('team.disable', input, { action: 'disable', uid });
      if (request) return request;
      return platform().backend.disableMember(uid, await token(), operationId, ...applied);
    }
  };
}
