import { describe, expect, it, vi } from 'vitest';
import { memoryPrefsStore } from '@main/config/prefs';
import type { AuthGateway } from '@core/ports/authGateway';
import { EventBus } from '@main/session/events';
import { SessionService } from '@main/session/session';
import { AppError } from '@shared/result';
import { fakeClock } from '../../../support/fakes/fakeClock';

const accounts: Record<string, { uid: string; password: string; claims: Record<string, unknown> }> = {
  'admin@ledgerdesk.test': { uid: 'admin-uid', password: 'right', claims: { admin: true } },
  'owner@ledgerdesk.test': { uid: 'owner-uid', password: 'right', claims: {} },
  'customer@ledgerdesk.test': { uid: 'customer-uid', password: 'right', claims: {} },
  'lookalike@ledgerdesk.test': { uid: 'lookalike-uid', password: 'right', claims: { admin: 'true' } },
  'support@ledgerdesk.test': { uid: 'support-uid', password: 'right', claims: { role: 'support' } },
  // A role the app does not know gives nothing, even beside admin: true.
  'unknown-role@ledgerdesk.test': { uid: 'unknown-uid', password: 'right', claims: { role: 'superuser', admin: true } }
};

function setup(adminUid: string | null = null) {
  const order: string[] = [];
  const signOut = vi.fn(async () => {
    order.push('provider signs out');
  });
  const auth: AuthGateway = {
    async signIn(email, password) {
      const account = accounts[email];
      if (!account || account.password !== password) {
        throw new AppError('UNAUTHENTICATED', 'The e-mail address or password is incorrect.');
      }
      return { uid: account.uid, email, claims: account.claims };
    },
    completeSignIn: () => Promise.reject(new AppError('CONFLICT', 'no second factor here')),
    async reauthenticate(email, password) {
      if (accounts[email]?.password !== password) throw new AppError('UNAUTHENTICATED', 'The e-mail address or password is incorrect.');
      return 'confirmed';
    },
    completeReauthentication: () => Promise.reject(new AppError('CONFLICT', 'no second factor here')),
    signOut
  };
  const events = new EventBus();
  const seen: Array<[string, unknown]> = [];
  events.subscribe((event, payload) => seen.push([event, payload]));
  const time = fakeClock();
  const prefs = memoryPrefsStore();
  const beforeSignOut = vi.fn(() => {
    order.push('listeners released');
  });
  const session = new SessionService({ auth, rule: { adminUid }, prefs, events, idleMs: 120_000, clock: time.clock, beforeSignOut });
  return { session, signOut, seen, time, prefs, beforeSignOut, order };
}

describe('session', () => {
  it('refuses empty fields with the spec message before asking the provider', async () => {
    const { session } = setup();
    await expect(session.signIn('  ', 'x', false)).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'Email or password is empty'
    });
    await expect(session.signIn('admin@ledgerdesk.test', '', false)).rejects.toMatchObject({
      message: 'Email or password is empty'
    });
    expect(session.role()).toBeNull();
  });

  it('signs the administrator in (by claim) and tells the screens', async () => {
    const { session, seen } = setup();
    const user = await session.signIn(' admin@ledgerdesk.test ', 'right', false);
    expect(user).toEqual({ uid: 'admin-uid', email: 'admin@ledgerdesk.test', role: 'owner' });
    expect(session.role()).toBe('owner');
    expect(seen.at(-1)?.[0]).toBe('session.changed');
  });

  it('signs a team member in with the role of their claim, and refuses a role it does not know', async () => {
    const { session } = setup();
    expect(await session.signIn('support@ledgerdesk.test', 'right', false)).toEqual({ uid: 'support-uid', email: 'support@ledgerdesk.test', role: 'support' });
    expect(session.state().user?.role).toBe('support');
    await expect(session.signIn('unknown-role@ledgerdesk.test', 'right', false)).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    expect(session.role()).toBeNull();
  });

  it('refuses an account without the admin claim, naming the grant command, and signs it out at once', async () => {
    const { session, signOut } = setup();
    await expect(session.signIn('customer@ledgerdesk.test', 'right', false)).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
      message: expect.stringContaining('npm run grant-admin -- <e-mail>')
    });
    expect(signOut).toHaveBeenCalledOnce();
    expect(session.role()).toBeNull();
    expect(session.state().endedBecause).toBe('notAdmin');
  });

  it('accepts only the boolean claim, as firestore.rules do', async () => {
    const { session } = setup();
    await expect(session.signIn('lookalike@ledgerdesk.test', 'right', false)).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    expect(session.role()).toBeNull();
  });

  it('does not let a configured UID stand in for the claim', async () => {
    const { session } = setup('owner-uid');
    await expect(session.signIn('owner@ledgerdesk.test', 'right', false)).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
      message: expect.stringContaining('grant-admin')
    });
    expect(session.role()).toBeNull();
  });

  it('narrows to the configured UID: another account with the claim is refused', async () => {
    const { session, signOut } = setup('owner-uid');
    await expect(session.signIn('admin@ledgerdesk.test', 'right', false)).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
      message: expect.stringMatching(/configured for \(adminUid\)/)
    });
    expect(signOut).toHaveBeenCalledOnce();
    expect(session.state().user).toBeNull();
  });

  it('accepts the configured UID when it carries the claim', async () => {
    const { session } = setup('admin-uid');
    await session.signIn('admin@ledgerdesk.test', 'right', false);
    expect(session.role()).toBe('owner');
  });

  it('leaves nobody signed in when a customer signs in over an administrator session', async () => {
    const { session } = setup();
    await session.signIn('admin@ledgerdesk.test', 'right', false);
    await expect(session.signIn('customer@ledgerdesk.test', 'right', false)).rejects.toMatchObject({
      code: 'PERMISSION_DENIED'
    });
    expect(session.role()).toBeNull();
    expect(session.state().user).toBeNull();
  });

  it('passes the provider refusal through', async () => {
    const { session } = setup();
    await expect(session.signIn('admin@ledgerdesk.test', 'wrong', false)).rejects.toMatchObject({
      message: 'The e-mail address or password is incorrect.'
    });
  });

  it('remembers the e-mail (never the password) only when asked', async () => {
    const { session, prefs } = setup();
    await session.signIn('admin@ledgerdesk.test', 'right', true);
    expect(session.state().rememberedEmail).toBe('admin@ledgerdesk.test');
    expect(JSON.stringify(prefs.read())).not.toContain('right');
    await session.signOut('signedOut');
    await session.signIn('admin@ledgerdesk.test', 'right', false);
    expect(session.state().rememberedEmail).toBeNull();
  });

  it('signs out after two idle minutes, warning first, and says why', async () => {
    const { session, seen, time, signOut } = setup();
    await session.signIn('admin@ledgerdesk.test', 'right', false);
    time.advance(105_000);
    expect(seen.at(-1)).toEqual(['session.idleWarning', { signOutAt: new Date(120_000).toISOString(), msLeft: 15_000 }]);
    time.advance(15_000);
    await Promise.resolve();
    expect(session.role()).toBeNull();
    expect(signOut).toHaveBeenCalled();
    expect(session.state().endedBecause).toBe('idle');
    expect(seen.at(-1)?.[0]).toBe('session.changed');
  });

  it('keeps an active administrator signed in', async () => {
    const { session, time } = setup();
    await session.signIn('admin@ledgerdesk.test', 'right', false);
    for (let i = 0; i < 5; i++) {
      time.advance(100_000);
      session.activity();
    }
    expect(session.role()).toBe('owner');
  });

  it('signs out when the screen locks and says so', async () => {
    const { session } = setup();
    await session.signIn('admin@ledgerdesk.test', 'right', false);
    await session.signOut('screenLocked');
    expect(session.state()).toMatchObject({ user: null, endedBecause: 'screenLocked' });
  });

  describe('every way a session ends releases the listeners before the provider signs out', () => {
    it.each(['signedOut', 'idle', 'screenLocked'] as const)('%s', async (reason) => {
      const { session, order } = setup();
      await session.signIn('admin@ledgerdesk.test', 'right', false);
      await session.signOut(reason);
      expect(order).toEqual(['listeners released', 'provider signs out']);
    });

    it('a refused sign-in over a live administrator session', async () => {
      const { session, order, seen } = setup();
      await session.signIn('admin@ledgerdesk.test', 'right', false);
      await expect(session.signIn('customer@ledgerdesk.test', 'right', false)).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
      expect(order).toEqual(['listeners released', 'provider signs out']);
      expect(session.role()).toBeNull();
      expect(seen.at(-1)).toEqual(['session.changed', expect.objectContaining({ user: null, endedBecause: 'notAdmin' })]);
    });

    it('another sign-in over a live session, which then starts afresh (the provider already holds the new account)', async () => {
      const { session, order } = setup();
      await session.signIn('admin@ledgerdesk.test', 'right', false);
      await session.signIn('admin@ledgerdesk.test', 'right', false);
      expect(order).toEqual(['listeners released']);
      expect(session.role()).toBe('owner');
    });

    it('but wrong credentials over a live session end nothing', async () => {
      const { session, order } = setup();
      await session.signIn('admin@ledgerdesk.test', 'right', false);
      await expect(session.signIn('admin@ledgerdesk.test', 'wrong', false)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
      expect(order).toEqual([]);
      expect(session.role()).toBe('owner');
    });
  });
});
