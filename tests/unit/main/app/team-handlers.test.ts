import { describe, expect, it, vi } from 'vitest';
import type { HandlerContext, PlatformServices } from '@main/app/handlers/context';
import { teamHandlers } from '@main/app/handlers/team';
import type { BackendHost } from '@main/app/ports/backendHost';
import type { SessionService } from '@main/session/session';
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
  const platform = { backend: backend as Partial<BackendHost>, idToken: async () => 'id-token', platformName: 'Acme Invest' } as PlatformServices;
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
