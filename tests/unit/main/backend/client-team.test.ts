import { describe, expect, it, vi } from 'vitest';
import { backendClient } from '@main/backend/client';
import { forbiddenMessage } from '@shared/domain/roles';
import { AppError } from '@shared/result';

const KEY = '3f2b8c1e-4d5a-4e6f-9a7b-8c9d0e1f2a3b';
const member = {
  uid: 'u-1',
  email: 'sam@example.com',
  role: 'support',
  mfa: false,
  lastSignInAt: null,
  disabled: false,
  invitedAt: '2026-12-03T10:00:00.000Z',
  invitedBy: 'owner@example.com'
};

const failure = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => null,
    (e: unknown) => e
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
};

describe('backend host client: the team', () => {
  it('lists the team with the ID token and posts each change with its operation id as the Idempotency-Key', async () => {
    const fetchImpl = vi.fn(async (url: URL) =>
      String(url).endsWith('/api/team') ? new Response(JSON.stringify({ members: [member] })) : new Response(JSON.stringify({ message: 'Invited.', member }))
    );
    const client = backendClient('https://host.example', fetchImpl as unknown as typeof fetch);
    expect(await client.listTeam('tok')).toEqual({ members: [member] });
    await client.inviteMember({ email: 'sam@example.com', role: 'support', platformName: 'Acme' }, 'tok', KEY);
    await client.setMemberRole('u/1', 'viewer', 'tok', KEY);
    expect((await client.disableMember('u-1', 'tok', KEY)).member.email).toBe('sam@example.com');
    const calls = (fetchImpl.mock.calls as unknown as [URL, RequestInit][]).map(([url, init]) => ({
      at: `${init.method} ${String(url)}`,
      token: new Headers(init.headers).get('authorization'),
      key: new Headers(init.headers).get('idempotency-key'),
      body: init.body === undefined ? undefined : JSON.parse(String(init.body))
    }));
    expect(calls).toEqual([
      { at: 'GET https://host.example/api/team', token: 'Bearer tok', key: null, body: undefined },
      {
        at: 'POST https://host.example/api/team/invite',
        token: 'Bearer tok',
        key: KEY,
        body: { email: 'sam@example.com', role: 'support', platformName: 'Acme' }
      },
      { at: 'POST https://host.example/api/team/u%2F1/role', token: 'Bearer tok', key: KEY, body: { role: 'viewer' } },
      { at: 'POST https://host.example/api/team/u-1/disable', token: 'Bearer tok', key: KEY, body: {} }
    ]);
  });

  it("turns the host's role refusal into FORBIDDEN with its words, and a last-owner refusal into CONFLICT", async () => {
    const words = forbiddenMessage('support', 'govern');
    const forbidden = async () => new Response(JSON.stringify({ error: words, code: 'FORBIDDEN' }), { status: 403 });
    expect(await failure(backendClient('http://h', forbidden as unknown as typeof fetch).listTeam('t'))).toMatchObject({ code: 'FORBIDDEN', message: words });
    // The desktop's mail dispatcher and deletion read the same refusal the same way.
    expect((await failure(backendClient('http://h', forbidden as unknown as typeof fetch).deleteUser('c', 't', KEY, { reason: 'x' }))).code).toBe('FORBIDDEN');
    const last = async () => new Response(JSON.stringify({ error: 'Sam is the last owner.' }), { status: 409 });
    expect(await failure(backendClient('http://h', last as unknown as typeof fetch).disableMember('u-1', 't', KEY))).toMatchObject({
      code: 'CONFLICT',
      message: 'Sam is the last owner.'
    });
  });

  it('says the Team screen needs the backend host when none is configured', async () => {
    for (const call of [
      backendClient(null).listTeam('t'),
      backendClient(null).inviteMember({ email: 'a@b.com', role: 'viewer', platformName: 'Acme' }, 't', KEY),
      backendClient(null).setMemberRole('u', 'viewer', 't', KEY),
      backendClient(null).disableMember('u', 't', KEY)
    ]) {
      const error = await failure(call);
      expect(error.code).toBe('UNAVAILABLE');
      expect(error.message).toMatch(/^The Team screen needs the backend host\./);
    }
  });
});
