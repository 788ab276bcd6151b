import { describe, expect, it, vi } from 'vitest';
import type { HandlerContext, PlatformServices } from '@main/handlers/context';
import { teamHandlers } from '@main/handlers/team';
import type { BackendHost } from '@core/ports/backendHost';
import type { LedgerStore } from '@core/ports/ledgerStore';
import type { SessionService } from '@main/session/session';
import type { Changeset } from '@shared/domain/changeset';
import { AppError } from '@shared/result';

const KEY = '3f2b8c1e-4d5a-4e6f-9a7b-8c9d0e1f2a3b';
const member = {
  uid: 'u-1',
  email: 'sam@example.com',
  role: 'support' as const,
  mfa: false,
  lastSignInAt: null,
  disabled: false,
  invitedAt: null,
  invitedBy: null
};

function handlers(passwordConfirmed: boolean) {
  const backend = {
    listTeam: vi.fn(async () => ({ members: [member] })),
    inviteMember: vi.fn(async () => ({ message: 'Invited.', member })),
    setMemberRole: vi.fn(async () => ({ message: 'Changed.', member })),
    disableMember: vi.fn(async () => ({ message: 'Disabled.', member }))
  };
  // No approval policy on this platform: every change goes to the backend host.
  const store = { inspect: async (look: (read: { get: () => Promise<null> }) => unknown) => look({ get: async () => null }) } as unknown as LedgerStore;
  const platform = { backend: backend as Partial<BackendHost>, store, idToken: async () => 'id-token', platformName: 'Acme Invest' } as PlatformServices;
  const session = { passwordConfirmed: () => passwordConfirmed } as SessionService;
  return { backend, team: teamHandlers({ platform: () => platform, session } as HandlerContext) };
}

const refusal = (work: unknown) =>
  Promise.resolve(work).then(
    () => null,
    (e: unknown) => (e instanceof AppError ? e.code : e)
  );

describe('the team handlers', () => {
  it('list with the ID token, and invite under the platform’s name as this computer shows it', async () => {
    const { backend, team } = handlers(true);
    expect(await team['team.list']({})).toEqual({ members: [member] });
    expect(backend.listTeam).toHaveBeenCalledWith('id-token');
    await team['team.invite']({ email: 'sam@example.com', role: 'support', operationId: KEY });
    expect(backend.inviteMember).toHaveBeenCalledWith({ email: 'sam@example.com', role: 'support', platformName: 'Acme Invest' }, 'id-token', KEY);
  });

  it('ask for the password before any change reaches the backend host', async () => {
    const { backend, team } = handlers(false);
    expect(await refusal(team['team.invite']({ email: 'sam@example.com', role: 'support', operationId: KEY }))).toBe('STEP_UP_REQUIRED');
    expect(await refusal(team['team.setRole']({ uid: 'u-1', role: 'viewer', operationId: KEY }))).toBe('STEP_UP_REQUIRED');
    expect(await refusal(team['team.disable']({ uid: 'u-1', operationId: KEY }))).toBe('STEP_UP_REQUIRED');
    expect([backend.inviteMember, backend.setMemberRole, backend.disableMember].map((called) => called.mock.calls.length)).toEqual([0, 0, 0]);
    // Reading the team needs no password.
    expect(await team['team.list']({})).toEqual({ members: [member] });
  });
});

describe('the team handlers under the approval policy (teamChanges)', () => {
  const owner = { uid: 'owner-1', email: 'owner@ledgerdesk.test', role: 'owner' as const };
  function covered(applying: { approval?: { id: string } } = {}) {
    const backend = { setMemberRole: vi.fn(async () => ({ message: 'Changed.', member })), inviteMember: vi.fn(async () => ({ message: 'Invited.', member })) };
    const docs: Record<string, Record<string, unknown>> = {
      'settings/ledgerdesk': { approvals: { teamChanges: true } },
      'team/u-1': { email: 'sam@example.com', role: 'support' }
    };
    const read = { get: async (path: string) => (docs[path] ? { id: path, data: docs[path] } : null) };
    const committed: Changeset[] = [];
    const store = {
      inspect: async (look: (r: typeof read) => unknown) => look(read),
      transact: vi.fn(async (write: { decide: (r: typeof read) => Promise<{ ok: boolean; value: Changeset }>; answer: (c: Changeset) => unknown }) => {
        const decided = await write.decide(read);
        committed.push(decided.value);
        return { answer: write.answer(decided.value) };
      })
    } as unknown as LedgerStore;
    const platform = { backend: backend as Partial<BackendHost>, store, idToken: async () => 'id-token', platformName: 'Acme Invest' } as PlatformServices;
    const session = { passwordConfirmed: () => true } as SessionService;
    const team = teamHandlers({ platform: () => platform, session, actor: () => owner } as unknown as HandlerContext, applying);
    return { backend, team, committed };
  }

  it('files a role change as a request for exactly that role, and does not call the host', async () => {
    const { backend, team, committed } = covered();
    const answer = await team['team.setRole']({ uid: 'u-1', role: 'viewer', operationId: KEY });
    expect(answer).toMatchObject({ approvalRequestId: KEY, member: { uid: 'u-1', role: 'support' } });
    expect(answer.message).toMatch(/^Sent for approval\. Team changes need a second administrator's approval\. Nothing was applied yet/);
    expect(backend.setMemberRole).not.toHaveBeenCalled();
    const request = committed[0]!.changes.find((change) => change.path === `approvalRequests/${KEY}`)!.set;
    expect(request).toMatchObject({
      kind: 'team',
      target: 'team/u-1',
      change: { action: 'setRole', role: 'viewer' },
      method: 'team.setRole',
      decision: { uid: 'u-1', role: 'viewer' },
      requestedBy: { uid: owner.uid, email: owner.email },
      state: 'requires_review'
    });
    expect(committed[0]!.audit).toMatchObject({ summary: "Approval asked: Change sam@example.com's role to Viewer", approvalRequestId: KEY });
  });

  it('names an invitation by its e-mail, lower-cased', async () => {
    const { backend, team, committed } = covered();
    await team['team.invite']({ email: 'Sam@Example.com', role: 'admin', operationId: KEY });
    expect(backend.inviteMember).not.toHaveBeenCalled();
    expect(committed[0]!.changes[0]!.set).toMatchObject({
      target: 'team/invite:sam@example.com',
      change: { action: 'invite', email: 'sam@example.com', role: 'admin' }
    });
  });

  it('applies an approved request by calling the host with its id', async () => {
    const { backend, team, committed } = covered({ approval: { id: 'req-1' } });
    await team['team.setRole']({ uid: 'u-1', role: 'viewer', operationId: KEY });
    expect(backend.setMemberRole).toHaveBeenCalledWith('u-1', 'viewer', 'id-token', KEY, 'req-1');
    expect(committed).toEqual([]);
  });
});
