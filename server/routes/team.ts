// The team (docs/product-rules.md §15.2), for owners only: GET /api/team lists it; POST
// /api/team/invite, /api/team/:uid/role and /api/team/:uid/disable change it, each with the password
// typed recently and once per Idempotency-Key, audited at auditLog/{key}. Roles are custom claims,
// which only the platform side may set: that is why the team lives here and not in the desktop.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FieldValue } from 'firebase-admin/firestore';
import { z } from 'zod';
import { invitationEmail } from '../../src/shared/domain/emails';
import { roleLabels, roles, type Role } from '../../src/shared/domain/roles';
import { firstProblem } from '../../src/shared/schemas/backendHost';
import { teamInviteInputSchema, type TeamMember } from '../../src/shared/schemas/team';
import { requireAdministrator, requireCapability, requireRecentPassword, type VerifiedToken } from '../auth';
import type { BackendHostDeps } from '../deps';
import { codeOf, reasonOf } from '../errors';
import { fingerprintOf, idempotencyKeyOf, idempotent, KEY_REUSED, type Outcome } from '../operations';
import type { MemberAccount, TeamCommit, TeamDocument, TeamStore, TeamWrite } from '../team';
import { appliedEntry, type HostApproval } from '../approvals';

type TeamDeps = BackendHostDeps & { team: TeamStore };

const role = z.enum(roles, { error: `role must be one of ${roles.join(', ')}.` });
/** The approval request an approver applies (dual control, docs/product-rules.md §15.6). */
const approvalRequestId = z.string({ error: 'approvalRequestId must be the id of an approval request.' }).trim().min(1).max(200).optional();
const inviteBody = z.object({
  email: teamInviteInputSchema.shape.email,
  role,
  /** The platform's name as Ledgerdesk shows it, for the invitation's words. */
  platformName: z.string().trim().min(1).max(200).optional(),
  approvalRequestId
});
const roleBody = z.object({ role, approvalRequestId });
const disableBody = z.object({ approvalRequestId });

/** A team change as dual control compares it with the request: the member (an invitation: its e-mail) and the change. */
const teamApproval = (caller: VerifiedToken, target: string, change: Record<string, unknown>, requestId: string | undefined): HostApproval => ({
  kind: 'team',
  target,
  change,
  requestId: requestId ?? null,
  caller: { uid: caller.uid, email: emailOf(caller) }
});

const NEEDS_KEY = 'Send the action’s operationId as the Idempotency-Key header: a team change is made once per action.';
const NOT_A_MEMBER = (uid: string) => `No member of the team has the id ${uid}. Invite them first.`;
const lastOwner = (who: string) => `${who} is the last owner of this Ledgerdesk team, so they keep the role and the account. Make another member owner first.`;
const SELF_DISABLE = 'You cannot disable your own account. Another owner can.';

const emailOf = (caller: VerifiedToken): string | null => (typeof caller.claims.email === 'string' ? caller.claims.email : null);

export function memberOf(account: MemberAccount & { role: Role }, document: TeamDocument | undefined): TeamMember {
  return {
    uid: account.uid,
    email: account.email ?? document?.email ?? '',
    role: account.role,
    mfa: account.mfa,
    lastSignInAt: account.lastSignInAt,
    disabled: account.disabled,
    invitedAt: document?.invitedAt ?? null,
    invitedBy: document?.invitedBy ?? null
  };
}

const isMember = (account: MemberAccount): account is MemberAccount & { role: Role } => account.role !== null;

/** Every account with a role that has a team document, and the caller (an owner given the claim outside the Team screen has none yet). */
async function membersOf(team: TeamStore, caller: VerifiedToken): Promise<TeamMember[]> {
  const documents = await team.documents();
  const accounts = await team.accounts([...new Set([...documents.keys(), caller.uid])]);
  return accounts
    .filter(isMember)
    .map((account) => memberOf(account, documents.get(account.uid)))
    .sort((a, b) => a.email.localeCompare(b.email));
}

async function memberNow(team: TeamStore, uid: string): Promise<TeamMember | null> {
  const [account] = await team.accounts([uid]);
  return account && isMember(account) ? memberOf(account, (await team.documents()).get(uid)) : null;
}

/**
 * The owners who would remain, counted in the change's transaction from the team documents (a
 * disabled one does not count); the caller is an owner (only owners may change the team) and is
 * counted by their token when they have no document yet.
 */
function ownersLeft(documents: Map<string, TeamDocument>, caller: string, without: string): number {
  const owners = new Set([...documents].filter(([, d]) => d.role === 'owner' && !d.disabled).map(([uid]) => uid));
  if (!documents.has(caller)) owners.add(caller);
  owners.delete(without);
  return owners.size;
}

/** The caller's own document, written with their first change when they have none (made owner outside the Team screen). */
function adoptCaller(documents: Map<string, TeamDocument>, caller: VerifiedToken): TeamWrite['members'] {
  if (documents.has(caller.uid)) return [];
  return [{ uid: caller.uid, set: { email: emailOf(caller), role: 'owner', invitedAt: null, invitedBy: null, disabled: false } }];
}

const auditOf = (caller: VerifiedToken, operationId: string, entry: { action: string; uid: string; summary: string } & Record<string, unknown>) => {
  const { uid, ...rest } = entry;
  return {
    kind: 'team',
    entityPath: `team/${uid}`,
    notes: [],
    reason: null,
    paths: [`team/${uid}`],
    adminUid: caller.uid,
    adminEmail: emailOf(caller),
    operationId,
    ...rest
  };
};

const answer = (status: number, body: unknown, done = false): Outcome => ({ status, body, done });

/** A change recorded and applied: the member as they are now. */
async function applied(team: TeamStore, uid: string, message: string): Promise<Outcome> {
  const member = await memberNow(team, uid);
  return member ? answer(200, { message, member }, true) : answer(404, { error: NOT_A_MEMBER(uid) }, true);
}

/**
 * Runs one change under its Idempotency-Key: the recorded entry, when a first attempt wrote it, is
 * the change, and its Auth side (a claim, a disabled account) is applied again before it is answered,
 * so a retry after a failure between the two finishes the change instead of doing it twice.
 */
async function change(
  deps: TeamDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  route: string,
  fingerprint: unknown[],
  work: (caller: VerifiedToken, key: string) => Promise<Outcome>
): Promise<FastifyReply> {
  const caller = request.administrator;
  if (!caller) throw new Error(`requireAdministrator did not run before ${route}.`);
  const keyed = idempotencyKeyOf(request);
  if ('error' in keyed) return reply.code(400).send(keyed);
  if (keyed.key === null) return reply.code(400).send({ error: NEEDS_KEY });
  const key = keyed.key;
  return idempotent(deps, reply, { key, route, fingerprint: fingerprintOf([route, ...fingerprint]), adminUid: caller.uid, whenStale: 'retry' }, async () => {
    try {
      return await work(caller, key);
    } catch (err) {
      deps.log(`${route} failed: ${reasonOf(err)}`);
      return answer(502, { error: `The team could not be changed right now: ${reasonOf(err)}. Send the same request again to finish.` });
    }
  });
}

export function teamRoutes(app: FastifyInstance, deps: TeamDeps): void {
  const { team } = deps;
  const owners = [requireAdministrator(deps.verifier, deps.adminUid, deps.log), requireCapability('govern')];
  const changes = { bodyLimit: 4 * 1024, onRequest: [...owners, requireRecentPassword(deps)] };

  app.get('/api/team', { onRequest: owners }, async (request, reply) => {
    const caller = request.administrator;
    if (!caller) throw new Error('requireAdministrator did not run before GET /api/team.');
    try {
      return reply.send({ members: await membersOf(team, caller) });
    } catch (err) {
      deps.log(`GET /api/team failed: ${reasonOf(err)}`);
      return reply.code(502).send({ error: `The team could not be read right now: ${reasonOf(err)}` });
    }
  });

  app.post('/api/team/invite', changes, async (request, reply) => {
    const body = inviteBody.safeParse(request.body ?? {});
    if (!body.success) return reply.code(400).send({ error: firstProblem(body.error) });
    const { email, role: invited, platformName, approvalRequestId: requestId } = body.data;
    return change(deps, request, reply, 'POST /api/team/invite', [email, invited, ...(requestId ? [requestId] : [])], (caller, key) =>
      invite(
        team,
        caller,
        key,
        { email, role: invited, platform: platformName ?? 'Ledgerdesk' },
        teamApproval(caller, `team/invite:${email.toLowerCase()}`, { action: 'invite', email: email.toLowerCase(), role: invited }, requestId)
      )
    );
  });

  app.post<{ Params: { uid: string } }>('/api/team/:uid/role', changes, async (request, reply) => {
    const body = roleBody.safeParse(request.body ?? {});
    if (!body.success) return reply.code(400).send({ error: firstProblem(body.error) });
    const { uid } = request.params;
    const { role: newRole, approvalRequestId: requestId } = body.data;
    return change(deps, request, reply, 'POST /api/team/:uid/role', [uid, newRole, ...(requestId ? [requestId] : [])], (caller, key) =>
      setRole(team, caller, key, uid, newRole, teamApproval(caller, `team/${uid}`, { action: 'setRole', role: newRole }, requestId))
    );
  });

  app.post<{ Params: { uid: string } }>('/api/team/:uid/disable', changes, async (request, reply) => {
    const { uid } = request.params;
    if (request.administrator?.uid === uid) return reply.code(409).send({ error: SELF_DISABLE });
    const body = disableBody.safeParse(request.body ?? {});
    if (!body.success) return reply.code(400).send({ error: firstProblem(body.error) });
    const requestId = body.data.approvalRequestId;
    return change(deps, request, reply, 'POST /api/team/:uid/disable', [uid, ...(requestId ? [requestId] : [])], (caller, key) =>
      disable(team, caller, key, uid, teamApproval(caller, `team/${uid}`, { action: 'disable' }, requestId))
    );
  });
}

const isEntry = (entry: Record<string, unknown>, action: string, uid?: string) =>
  entry.action === action && (uid === undefined || entry.entityPath === `team/${uid}`);
const messageOf = (entry: Record<string, unknown>): string => {
  const answered = entry.answer as { message?: unknown } | null | undefined;
  return typeof answered?.message === 'string' ? answered.message : 'Done.';
};

/** Dual control's first look, before anything is touched (the commit checks again and marks the request applied); null: go on. */
async function unapproved(team: TeamStore, approval: HostApproval): Promise<Outcome | null> {
  const verdict = await team.approvalVerdict?.(approval);
  return verdict && 'refuse' in verdict ? answer(verdict.refuse.status, verdict.refuse.body) : null;
}

/** The commit's answer when it wrote nothing: refused by the team rules, by dual control, or replayed. */
function notCommitted(committed: Exclude<TeamCommit, { written: true }>): Outcome {
  if ('refused' in committed) return answer(409, { error: committed.refused });
  if ('unapproved' in committed) return answer(committed.unapproved.status, committed.unapproved.body);
  return answer(409, { error: 'Another request with this Idempotency-Key changed the team meanwhile. Send it again.' });
}

/** The audit entry of an applied request names it. */
const withApproval = (approval: HostApproval, entry: ReturnType<typeof auditOf>) =>
  approval.requestId === null ? entry : { ...entry, ...appliedEntry(approval), notes: [...entry.notes, `Approval request ${approval.requestId} applied.`] };

async function invite(
  team: TeamStore,
  caller: VerifiedToken,
  key: string,
  invitation: { email: string; role: Role; platform: string },
  approval: HostApproval
): Promise<Outcome> {
  const { email, role, platform } = invitation;
  const previous = await team.findAudit(key);
  if (previous !== null) {
    const uid = typeof previous.entityPath === 'string' ? previous.entityPath.replace(/^team\//, '') : '';
    if (!isEntry(previous, 'team.invite') || previous.invitedEmail !== email) return answer(422, { error: KEY_REUSED });
    await team.setRole(uid, previous.invitedRole as Role);
    return applied(team, uid, messageOf(previous));
  }
  const refused = await unapproved(team, approval);
  if (refused) return refused;
  let account = await team.accountByEmail(email);
  if (account?.role) return answer(409, { error: `${email} is already on the team, as ${roleLabels[account.role]}. Change their role instead.` });
  if (account && (await team.isCustomer(account.uid))) {
    return answer(409, { error: `${email} is a customer of the platform. A customer's account cannot join the team: invite another e-mail address.` });
  }
  if (account === null) {
    try {
      account = await team.createAccount(email);
    } catch (err) {
      // Made meanwhile by another request: the same account.
      if (codeOf(err) !== 'auth/email-already-exists') throw err;
      account = await team.accountByEmail(email);
      if (account === null) throw err;
    }
  }
  const { uid } = account;
  const invitedBy = emailOf(caller) ?? caller.uid;
  const mail = invitationEmail(platform, { email, name: email }, `team/${uid}`, { platform, role, invitedBy, link: await team.passwordLink(email) });
  const message = `${email} is invited as ${roleLabels[role]}: the invitation, with a link to choose a password, is in the outbox.`;
  const committed = await team.commit(
    key,
    (documents) =>
      documents.has(uid)
        ? { refuse: `${email} is already on the team. Change their role instead.` }
        : {
            write: {
              members: [...adoptCaller(documents, caller), { uid, set: { email, role, invitedAt: FieldValue.serverTimestamp(), invitedBy, disabled: false } }],
              mail,
              audit: withApproval(
                approval,
                auditOf(caller, key, {
                  action: 'team.invite',
                  uid,
                  summary: `${email} invited to the team as ${roleLabels[role]}`,
                  before: { [`team/${uid}.role`]: null },
                  after: { [`team/${uid}.email`]: email, [`team/${uid}.role`]: role },
                  notes: ['The invitation e-mail, with a link to choose a password, was queued in the outbox.'],
                  invitedEmail: email,
                  invitedRole: role,
                  answer: { message, uid }
                })
              )
            }
          },
    approval
  );
  if (!('written' in committed)) return notCommitted(committed);
  await team.setRole(uid, role);
  return applied(team, uid, message);
}

/** The member the change is about, with a role; or the refusal. */
async function target(team: TeamStore, uid: string): Promise<(MemberAccount & { role: Role }) | Outcome> {
  const [account] = await team.accounts([uid]);
  return account && isMember(account) ? account : answer(404, { error: NOT_A_MEMBER(uid) });
}

async function setRole(team: TeamStore, caller: VerifiedToken, key: string, uid: string, role: Role, approval: HostApproval): Promise<Outcome> {
  const previous = await team.findAudit(key);
  if (previous !== null) {
    if (!isEntry(previous, 'team.setRole', uid) || previous.newRole !== role) return answer(422, { error: KEY_REUSED });
    await team.setRole(uid, role);
    await team.revokeSessions(uid);
    return applied(team, uid, messageOf(previous));
  }
  const refused = await unapproved(team, approval);
  if (refused) return refused;
  const member = await target(team, uid);
  if ('status' in member) return member;
  const who = member.email ?? uid;
  // Applying a request goes through the commit even when nothing changes, so the request is marked applied.
  if (member.role === role && approval.requestId === null) return applied(team, uid, `${who} is already ${roleLabels[role]}.`);
  const message = `${who} is now ${roleLabels[role]}. Their sessions were ended: the new role applies when they sign in again.`;
  const committed = await team.commit(
    key,
    (documents) =>
      member.role === 'owner' && ownersLeft(documents, caller.uid, uid) === 0
        ? { refuse: lastOwner(who) }
        : {
            write: {
              members: [...adoptCaller(documents, caller).filter((m) => m.uid !== uid), { uid, set: { email: member.email, role } }],
              audit: withApproval(
                approval,
                auditOf(caller, key, {
                  action: 'team.setRole',
                  uid,
                  summary: `${who}: role changed from ${roleLabels[member.role]} to ${roleLabels[role]}`,
                  before: { [`team/${uid}.role`]: member.role },
                  after: { [`team/${uid}.role`]: role },
                  notes: ['Their sessions were ended, so the new role applies at their next sign-in.'],
                  newRole: role,
                  answer: { message, uid }
                })
              )
            }
          },
    approval
  );
  if (!('written' in committed)) return notCommitted(committed);
  await team.setRole(uid, role);
  await team.revokeSessions(uid);
  return applied(team, uid, message);
}

async function disable(team: TeamStore, caller: VerifiedToken, key: string, uid: string, approval: HostApproval): Promise<Outcome> {
  const previous = await team.findAudit(key);
  if (previous !== null) {
    if (!isEntry(previous, 'team.disable', uid)) return answer(422, { error: KEY_REUSED });
    await team.setDisabled(uid, true);
    await team.revokeSessions(uid);
    return applied(team, uid, messageOf(previous));
  }
  const refused = await unapproved(team, approval);
  if (refused) return refused;
  const member = await target(team, uid);
  if ('status' in member) return member;
  const who = member.email ?? uid;
  if (member.disabled && approval.requestId === null) return applied(team, uid, `${who}'s account is already disabled.`);
  const message = `${who}'s account is disabled and their sessions were ended.`;
  const committed = await team.commit(
    key,
    (documents) =>
      member.role === 'owner' && ownersLeft(documents, caller.uid, uid) === 0
        ? { refuse: lastOwner(who) }
        : {
            write: {
              members: [...adoptCaller(documents, caller), { uid, set: { email: member.email, role: member.role, disabled: true } }],
              audit: withApproval(
                approval,
                auditOf(caller, key, {
                  action: 'team.disable',
                  uid,
                  summary: `${who}'s account disabled`,
                  before: { [`team/${uid}.disabled`]: false },
                  after: { [`team/${uid}.disabled`]: true },
                  notes: ['Their sessions were ended: the account cannot sign in.'],
                  answer: { message, uid }
                })
              )
            }
          },
    approval
  );
  if (!('written' in committed)) return notCommitted(committed);
  await team.setDisabled(uid, true);
  await team.revokeSessions(uid);
  return applied(team, uid, message);
}
