import { describe, expect, it, vi } from 'vitest';
import { AccessLog } from '@core/accessLog';
import type { AuthGateway } from '@core/ports/authGateway';
import type { LedgerStore, Transaction } from '@core/ports/ledgerStore';
import { memoryAccessBacklog } from '@main/config/accessBacklog';
import { memoryPrefsStore } from '@main/config/prefs';
import { EventBus } from '@main/session/events';
import type { AccessRecorder } from '@core/ports/accessRecorder';
import { SessionService } from '@main/session/session';
import { totpCode, totpStandIn, TOTP_STAND_IN_FACTOR } from '../../../support/totpStandIn';
import type { AccessFacts } from '@shared/domain/access';
import { AppError } from '@shared/result';
import { fakeClock } from '../../../support/fakes/fakeClock';

/** A provider with one administrator and one customer; the password is 'right'. */
function provider(order: string[] = []): AuthGateway {
  const accounts: Record<string, { uid: string; claims: Record<string, unknown> }> = {
    'admin@ledgerdesk.test': { uid: 'admin-uid', claims: { admin: true } },
    'customer@ledgerdesk.test': { uid: 'customer-uid', claims: {} }
  };
  const wrong = () => new AppError('UNAUTHENTICATED', 'The e-mail address or password is incorrect.');
  return {
    async signIn(email, password) {
      const account = accounts[email];
      if (!account || password !== 'right') throw wrong();
      return { ...account, email };
    },
    completeSignIn: () => Promise.reject(new AppError('CONFLICT', 'none')),
    async reauthenticate(_email, password) {
      if (password !== 'right') throw wrong();
      return 'confirmed';
    },
    completeReauthentication: () => Promise.reject(new AppError('CONFLICT', 'none')),
    signOut: async () => void order.push('provider signs out')
  };
}

/** Records what the session tells the access log, and who it was to be written under. */
function recorder(order: string[] = []) {
  const recorded: { facts: AccessFacts; actor: string | null }[] = [];
  const access: AccessRecorder = {
    async record(facts, actor) {
      order.push(`recorded ${facts.event} ${facts.detail ?? facts.result}`);
      recorded.push({ facts, actor: actor?.email ?? null });
    }
  };
  return { access, recorded };
}

function session(options: { auth?: AuthGateway; access?: AccessRecorder; windowMs?: number } = {}) {
  const time = fakeClock(Date.parse('2026-05-01T09:00:00Z'));
  const service = new SessionService({
    auth: options.auth ?? provider(),
    rule: { adminUid: null },
    prefs: memoryPrefsStore(),
    events: new EventBus(),
    idleMs: 600_000,
    clock: time.clock,
    reauthWindowMs: options.windowMs ?? 300_000,
    ...(options.access ? { access: options.access } : {})
  });
  return { service, time };
}

describe('step-up: the password confirmed within the window', () => {
  it('counts the sign-in, expires after the window, and comes back with a confirmation; a wrong password is refused as such', async () => {
    const { service, time } = session({ windowMs: 300_000 });
    expect(service.passwordConfirmed()).toBe(false);
    await service.signIn('admin@ledgerdesk.test', 'right', false);
    expect(service.passwordConfirmed()).toBe(true);
    time.advance(300_001);
    service.activity();
    expect(service.passwordConfirmed()).toBe(false);
    await expect(service.reauthenticate('wrong')).rejects.toMatchObject({ code: 'VALIDATION', message: 'That password is not right.' });
    expect(service.passwordConfirmed()).toBe(false);
    expect(await service.reauthenticate('right')).toEqual({ confirmedUntil: new Date(time.clock.now() + 300_000).toISOString() });
    expect(service.passwordConfirmed()).toBe(true);
  });

  it('is forgotten when the session ends', async () => {
    const { service } = session();
    await service.signIn('admin@ledgerdesk.test', 'right', false);
    await service.signOut('signedOut');
    expect(service.passwordConfirmed()).toBe(false);
    await expect(service.reauthenticate('right')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});

describe('what the session tells the access log', () => {
  it('refusals without an administrator are kept for the next one; the sign-out is written under the session before the provider signs out', async () => {
    const order: string[] = [];
    const { access, recorded } = recorder(order);
    const { service } = session({ auth: provider(order), access });
    await expect(service.signIn('admin@ledgerdesk.test', 'wrong', false)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(service.signIn('customer@ledgerdesk.test', 'right', false)).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    await service.signIn('admin@ledgerdesk.test', 'right', false);
    await service.reauthenticate('right');
    order.length = 0;
    await service.signOut('screenLocked');
    expect(order).toEqual(['recorded signOut screenLocked', 'provider signs out']);
    expect(recorded.map(({ facts, actor }) => [facts.event, facts.result, facts.email, facts.detail, actor])).toEqual([
      ['signIn', 'refused', 'admin@ledgerdesk.test', 'The e-mail address or password is incorrect.', null],
      ['signIn', 'refused', 'customer@ledgerdesk.test', 'notAdmin', null],
      ['signIn', 'ok', 'admin@ledgerdesk.test', null, 'admin@ledgerdesk.test'],
      ['reauthenticate', 'ok', 'admin@ledgerdesk.test', null, 'admin@ledgerdesk.test'],
      ['signOut', 'ok', 'admin@ledgerdesk.test', 'screenLocked', 'admin@ledgerdesk.test']
    ]);
  });

  it('does not wait for ever to write the sign-out: after a few seconds the provider signs out and the entry stays in the backlog', async () => {
    const order: string[] = [];
    const { service, time } = session({
      auth: provider(order),
      access: { record: (facts) => (facts.event === 'signOut' ? new Promise(() => undefined) : Promise.resolve()) }
    });
    await service.signIn('admin@ledgerdesk.test', 'right', false);
    const closing = service.signOut('signedOut');
    await Promise.resolve();
    expect(order).toEqual([]);
    time.advance(3_000);
    await closing;
    expect(order).toEqual(['provider signs out']);
  });
});

describe('the access log', () => {
  const facts = (email: string): AccessFacts => ({ event: 'signIn', email, result: 'refused', detail: null, occurredAt: '2026-01-01T00:00:00.000Z' });
  const actor = { uid: 'admin-uid', email: 'admin@ledgerdesk.test' };
  const store = (fail: (id: string) => AppError | null = () => null) => {
    const written: { id: string; by: string; summary: string }[] = [];
    const ledger = {
      async transact<T>(write: Transaction<T>) {
        const error = fail(write.operation.id);
        if (error) throw error;
        const decided = await write.decide({} as never);
        if (!decided.ok) throw new Error('refused');
        written.push({ id: write.operation.id, by: write.actor.email, summary: decided.value.audit.summary });
        return { answer: write.answer(decided.value), changeset: decided.value };
      }
    } as unknown as LedgerStore;
    return { ledger, written };
  };

  it('writes what waited first, in order, under the administrator who signs in, and empties the backlog', async () => {
    const { ledger, written } = store();
    const backlog = memoryAccessBacklog();
    let n = 0;
    const log = new AccessLog({ store: ledger, backlog, newId: () => `id-${++n}` });
    await log.record(facts('one@x.com'), null);
    await log.record(facts('two@x.com'), null);
    expect(written).toEqual([]);
    expect(log.waiting()).toBe(2);
    await log.record({ ...facts('admin@ledgerdesk.test'), result: 'ok' }, actor);
    expect(written.map((w) => [w.id, w.by])).toEqual([
      ['id-1', 'admin@ledgerdesk.test'],
      ['id-2', 'admin@ledgerdesk.test'],
      ['id-3', 'admin@ledgerdesk.test']
    ]);
    expect(backlog.read()).toEqual([]);
  });

  it('stops at a failure and keeps the rest for the next session; an id already taken by another entry is dropped', async () => {
    let down = true;
    const { ledger, written } = store((id) => (id === 'id-1' ? new AppError('CONFLICT', 'taken') : down ? new AppError('UNAVAILABLE', 'offline') : null));
    const backlog = memoryAccessBacklog();
    let n = 0;
    const log = new AccessLog({ store: ledger, backlog, newId: () => `id-${++n}`, log: vi.fn() });
    await log.record(facts('one@x.com'), null);
    await log.record(facts('two@x.com'), actor);
    expect(backlog.read().map((e) => e.id)).toEqual(['id-2']);
    down = false;
    await log.flush(actor);
    expect(written.map((w) => w.id)).toEqual(['id-2']);
    expect(backlog.read()).toEqual([]);
  });
});

describe('multi-factor sign-in (TOTP), against the stand-in of the auth gateway', () => {
  // RFC 6238's SHA-1 key, "12345678901234567890" in base32.
  const SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

  it('computes the codes of the RFC 6238 test vectors', () => {
    expect(totpCode(SECRET, 59_000)).toBe('287082');
    expect(totpCode(SECRET, 1_111_111_109_000)).toBe('081804');
    expect(totpCode(SECRET, 2_000_000_000_000)).toBe('279037');
  });

  it('asks for the code after a right password, refuses a wrong one, and signs in with the current one', async () => {
    const now = Date.parse('2026-05-01T09:00:00Z');
    const { service } = session({ auth: totpStandIn(provider(), SECRET, () => now) });
    await expect(service.signIn('admin@ledgerdesk.test', 'wrong', false)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(await service.signIn('admin@ledgerdesk.test', 'right', false)).toEqual({ codeRequired: { factor: TOTP_STAND_IN_FACTOR } });
    expect(service.role()).toBeNull();
    await expect(service.signInCode('000000')).rejects.toMatchObject({ code: 'VALIDATION', message: expect.stringContaining('That code is not right') });
    expect(service.role()).toBeNull();
    // One 30-second step of clock drift either way is accepted, as authenticator apps need.
    expect(await service.signInCode(totpCode(SECRET, now - 30_000))).toEqual({ uid: 'admin-uid', email: 'admin@ledgerdesk.test', role: 'owner' });
    expect(service.role()).toBe('owner');
  });

  it('still refuses an account that is not the administrator once its code is right, and asks the code to confirm the password too', async () => {
    const now = Date.parse('2026-05-01T09:00:00Z');
    const { service } = session({ auth: totpStandIn(provider(), SECRET, () => now) });
    await service.signIn('customer@ledgerdesk.test', 'right', false);
    await expect(service.signInCode(totpCode(SECRET, now))).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    await service.signIn('admin@ledgerdesk.test', 'right', false);
    await service.signInCode(totpCode(SECRET, now));
    expect(await service.reauthenticate('right')).toEqual({ codeRequired: { factor: TOTP_STAND_IN_FACTOR } });
    await expect(service.reauthenticateCode('123')).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(await service.reauthenticateCode(totpCode(SECRET, now))).toHaveProperty('confirmedUntil');
  });

  it('refuses a code nobody asked for', async () => {
    const { service } = session();
    await expect(service.signInCode('123456')).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});
