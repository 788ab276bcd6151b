import { describe, expect, it, vi } from 'vitest';
import { createDispatcher, type Handlers } from '@main/rpc/dispatcher';
import { methodNames } from '@shared/methods';
import { AppError } from '@shared/result';

const summary = {
  withdrawals: { total: 3, approved: 1, pending: 1, rejected: 1, approvedAmount: 10.5, leftOut: 0, notFinite: 0 },
  deposits: { total: 2, success: 1, pending: 1, failed: 0, successAmount: 99.99, leftOut: 1, notFinite: 0 },
  asOf: '2026-11-21T00:00:00.000Z'
};

// Methods a test does not set up answer INTERNAL if called, so a test can never pass by accident.
const unused = Object.fromEntries(
  methodNames.map((name) => [name, () => Promise.reject(new Error(`${name} was not expected to be called`))])
) as unknown as Handlers;

const handlers = (overrides: Partial<Handlers> = {}): Handlers => ({
  ...unused,
  'app.info': () => ({
    name: 'Ledgerdesk',
    version: '1.0.0',
    mode: 'demo',
    transport: 'browser',
    projectId: 'p',
    platformName: 'Demo Platform',
    configFile: '/data/ledgerdesk.config.json',
    configProblem: null
  }),
  'app.updateStatus': () => ({ state: 'inactive', version: null, message: null }),
  'app.restartToUpdate': () => null,
  'session.get': () => ({ user: null, endedBecause: null, idleTimeoutMs: 120_000, rememberedEmail: null }),
  'session.signIn': ({ email }) => ({ uid: 'u1', email, role: 'owner' as const }),
  'session.signOut': () => null,
  'session.activity': () => null,
  'dashboard.summary': () => summary,
  ...overrides
});

describe('dispatcher', () => {
  it('answers a value wrapped as ok', async () => {
    const dispatch = createDispatcher({ handlers: handlers(), role: () => 'owner' });
    expect(await dispatch('dashboard.summary', {})).toEqual({ ok: true, value: summary });
  });

  it('refuses a call the role may not make with FORBIDDEN, naming the role, and never runs it', async () => {
    const adjust = vi.fn(() => ({ message: 'done', effects: [] }));
    const addNote = vi.fn(() => ({ message: 'noted', effects: [] }));
    const input = {
      id: 'c1',
      field: 'balance',
      operation: 'add',
      amount: 10,
      reason: 'goodwill',
      allowNegative: false,
      operationId: '7d9b3a9e-52c4-4c55-9a5b-2b1ab2b6f0a1'
    };
    const note = { id: 'c1', text: 'Called the customer', operationId: '7d9b3a9e-52c4-4c55-9a5b-2b1ab2b6f0a2' };
    const as = (role: 'support' | 'viewer' | 'admin') =>
      createDispatcher({ handlers: handlers({ 'users.adjust': adjust, 'users.addNote': addNote }), role: () => role });

    const refused = await as('support')('users.adjust', input);
    expect(refused).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: expect.stringContaining('Your role (Support) may not make money decisions') } });
    expect(await as('viewer')('users.addNote', note)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(adjust).not.toHaveBeenCalled();
    expect(addNote).not.toHaveBeenCalled();

    expect(await as('support')('users.addNote', note)).toEqual({ ok: true, value: { message: 'noted', effects: [] } });
    expect(await as('admin')('users.adjust', input)).toEqual({ ok: true, value: { message: 'done', effects: [] } });
    // Reads stay open to every role.
    expect(await as('viewer')('dashboard.summary', {})).toEqual({ ok: true, value: summary });
  });

  it('refuses unknown methods without calling anything', async () => {
    const dispatch = createDispatcher({ handlers: handlers(), role: () => 'owner' });
    const result = await dispatch('users.deleteEverything', {});
    expect(result).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'Unknown method: users.deleteEverything' } });
  });

  it('validates input against the contract and names the bad field', async () => {
    const signIn = vi.fn();
    const dispatch = createDispatcher({ handlers: handlers({ 'session.signIn': signIn }), role: () => null });
    const result = await dispatch('session.signIn', { email: 'a@b.c', password: 42, rememberMe: false });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('VALIDATION');
      expect(result.error.message).toContain('password');
    }
    expect(signIn).not.toHaveBeenCalled();
  });

  it('rejects unexpected extra fields on methods without input', async () => {
    const dispatch = createDispatcher({ handlers: handlers(), role: () => 'owner' });
    const result = await dispatch('dashboard.summary', { sneaky: true });
    expect(result.ok).toBe(false);
  });

  it('requires an administrator session for non-public methods', async () => {
    const summaryHandler = vi.fn(() => summary);
    const dispatch = createDispatcher({ handlers: handlers({ 'dashboard.summary': summaryHandler }), role: () => null });
    const result = await dispatch('dashboard.summary', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    expect(summaryHandler).not.toHaveBeenCalled();
  });

  it('lets public methods through without a session', async () => {
    const dispatch = createDispatcher({ handlers: handlers(), role: () => null });
    expect(await dispatch('session.get', undefined)).toMatchObject({ ok: true, value: { user: null } });
  });

  it('turns an AppError into an error value with its code and message', async () => {
    const dispatch = createDispatcher({
      handlers: handlers({
        'session.signIn': () => {
          throw new AppError('PERMISSION_DENIED', 'Not the administrator.');
        }
      }),
      role: () => null
    });
    const result = await dispatch('session.signIn', { email: 'x@y.z', password: 'p', rememberMe: false });
    expect(result).toEqual({ ok: false, error: { code: 'PERMISSION_DENIED', message: 'Not the administrator.' } });
  });

  it('hides unexpected exceptions behind INTERNAL and logs them', async () => {
    const log = vi.fn();
    const dispatch = createDispatcher({
      handlers: handlers({
        'dashboard.summary': () => {
          throw new Error('socket hang up at 10.0.0.7');
        }
      }),
      role: () => 'owner',
      log
    });
    const result = await dispatch('dashboard.summary', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    if (!result.ok) expect(result.error.message).not.toContain('10.0.0.7');
    expect(log).toHaveBeenCalledOnce();
  });

  it('strips fields the contract does not declare from outputs', async () => {
    const dispatch = createDispatcher({
      handlers: handlers({
        'session.signIn': ({ email }) => ({ uid: 'u1', email, role: 'viewer', password: 'secret' }) as never
      }),
      role: () => null
    });
    const result = await dispatch('session.signIn', { email: 'a@b.c', password: 'x', rememberMe: true });
    expect(result).toEqual({ ok: true, value: { uid: 'u1', email: 'a@b.c', role: 'viewer' } });
  });

  it('refuses an output that breaks the contract rather than passing it on', async () => {
    const dispatch = createDispatcher({
      handlers: handlers({ 'dashboard.summary': () => ({ ...summary, asOf: new Date() }) as never }),
      role: () => 'owner',
      log: () => undefined
    });
    expect(await dispatch('dashboard.summary', {})).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
  });
});
