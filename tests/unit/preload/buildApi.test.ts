import { afterEach, describe, expect, it, vi } from 'vitest';
import { contract, events, type Api } from '../../../src/shared/contract';
import { eventNames, methodNames } from '../../../src/shared/methods';
import { buildApi, type Transport } from '../../../src/shared/windowApi';

// src/shared/windowApi.ts builds window.api for both transports (the preload's IPC and browser
// mode's HTTP bridge); these tests drive it through a stand-in transport.
type Invoke = Transport['invoke'];
type Subscribe = Transport['subscribe'];

function setup(invoke: Invoke = vi.fn(async (method: string) => ({ ok: true, value: method }))) {
  let forward: ((event: string, payload: unknown) => void) | undefined;
  const subscribe = vi.fn<Subscribe>((listener) => {
    forward = listener;
  });
  const invokeSpy = vi.fn(invoke);
  const api = buildApi({ invoke: invokeSpy, subscribe }) as unknown as Api;
  const emit = (event: string, payload: unknown) => {
    if (!forward) throw new Error('buildApi never subscribed');
    forward(event, payload);
  };
  return { api, invoke: invokeSpy, subscribe, emit };
}

/** Every 'namespace.leaf' reachable on the built object. */
const builtMethods = (api: object): string[] =>
  Object.entries(api)
    .filter(([key]) => key !== 'on')
    .flatMap(([namespace, methods]) => Object.keys(methods as object).map((leaf) => `${namespace}.${leaf}`));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('buildApi methods', () => {
  it("builds exactly the contract's methods, and nothing but them and `on`", () => {
    const { api } = setup();
    expect(builtMethods(api).sort()).toEqual(Object.keys(contract).sort());
    expect(builtMethods(api).sort()).toEqual([...methodNames].sort());
    const namespaces = new Set(methodNames.map((method) => method.split('.')[0]));
    expect(Object.keys(api).sort()).toEqual([...namespaces, 'on'].sort());
  });

  it.each(methodNames)('%s invokes its own method name with the input', async (method) => {
    const { api, invoke } = setup();
    const [namespace, leaf] = method.split('.') as [string, string];
    const call = (api as unknown as Record<string, Record<string, (input?: unknown) => Promise<unknown>>>)[namespace]?.[leaf];
    const input = { probe: method };
    await expect(call?.(input)).resolves.toEqual({ ok: true, value: method });
    expect(invoke).toHaveBeenCalledExactlyOnceWith(method, input);
  });

  it('sends {} when a method is called without input', async () => {
    const { api, invoke } = setup();
    // Called through a plain signature: this checks what reaches IPC, not the Api type.
    const summary = api.dashboard.summary as unknown as () => Promise<unknown>;
    await summary();
    expect(invoke).toHaveBeenCalledExactlyOnceWith('dashboard.summary', {});
  });

  it('answers the Result the main process answered, unchanged', async () => {
    const answer = { ok: false, error: { code: 'VALIDATION', message: 'Email or password is empty' } };
    const { api } = setup(async () => answer);
    await expect(api.session.signIn({ email: '', password: '', rememberMe: false })).resolves.toBe(answer);
  });

  it('turns an IPC failure into an UNAVAILABLE Result instead of a thrown error', async () => {
    const { api } = setup(async () => {
      throw new Error("No handler registered for 'ledgerdesk:rpc'");
    });
    const result = await api.app.info({});
    expect(result).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
    expect(result.ok ? '' : result.error.message).toContain('No handler registered');
  });

  it('cannot be altered by the page', () => {
    const { api } = setup();
    expect(Object.isFrozen(api)).toBe(true);
    expect(Object.isFrozen(api.session)).toBe(true);
  });

  it('freezes every namespace, so page code cannot replace api.deposits.setStatus', () => {
    const { api } = setup();
    const namespaces = Object.entries(api).filter(([key]) => key !== 'on');
    expect(namespaces.length).toBeGreaterThan(0);
    for (const [, methods] of namespaces) expect(Object.isFrozen(methods)).toBe(true);

    const original = api.deposits.setStatus;
    const page = api as unknown as Record<string, Record<string, unknown>>;
    // Test files are modules, so strict mode: writing to a frozen object throws.
    expect(() => {
      page.deposits!.setStatus = async () => ({ ok: true, value: 'forged' });
    }).toThrow(TypeError);
    expect(() => {
      page.deposits = {};
    }).toThrow(TypeError);
    expect(() => delete page.deposits!.setStatus).toThrow(TypeError);
    expect(() => {
      page.deposits!.approveAll = () => undefined;
    }).toThrow(TypeError);
    expect(api.deposits.setStatus).toBe(original);
  });

  it('turns a transport that throws instead of rejecting into an UNAVAILABLE Result', async () => {
    const { api } = setup(() => {
      throw new Error('channel closed');
    });
    await expect(api.app.info({})).resolves.toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
  });
});

describe('buildApi events', () => {
  const changed = { user: null, endedBecause: 'idle', idleTimeoutMs: 120_000, rememberedEmail: null };

  it('listens to the main process once, however many screens subscribe', () => {
    const { api, subscribe } = setup();
    expect(subscribe).not.toHaveBeenCalled();
    api.on('session.changed', () => undefined);
    api.on('session.idleWarning', () => undefined);
    expect(subscribe).toHaveBeenCalledTimes(1);
  });

  it('delivers only the payload, only to listeners of that event', () => {
    const { api, emit } = setup();
    const onChanged = vi.fn();
    const onWarning = vi.fn();
    api.on('session.changed', onChanged);
    api.on('session.idleWarning', onWarning);
    emit('session.changed', changed);
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(onChanged.mock.calls[0]).toEqual([changed]);
    expect(onWarning).not.toHaveBeenCalled();
  });

  it('stops delivering after unsubscribe, without touching other listeners', () => {
    const { api, emit } = setup();
    const first = vi.fn();
    const second = vi.fn();
    const unsubscribeFirst = api.on('session.changed', first);
    api.on('session.changed', second);
    unsubscribeFirst();
    emit('session.changed', changed);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('treats the same function subscribed twice as two subscriptions', () => {
    const { api, emit } = setup();
    const listener = vi.fn();
    const unsubscribeOne = api.on('session.changed', listener);
    api.on('session.changed', listener);
    unsubscribeOne();
    emit('session.changed', changed);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('rejects an event name the contract does not declare', () => {
    const { api } = setup();
    const on = api.on as unknown as (event: string, listener: () => void) => () => void;
    expect(() => on('session.secretsLeaked', () => undefined)).toThrow(/Unknown event/);
    expect(() => on('toString', () => undefined)).toThrow(/Unknown event/);
    expect(Object.keys(events).sort()).toEqual([...eventNames].sort());
  });

  it('ignores events the contract does not declare', () => {
    const { api, emit } = setup();
    const listener = vi.fn();
    api.on('session.changed', listener);
    emit('constructor', {});
    emit('session.unknown', {});
    expect(listener).not.toHaveBeenCalled();
  });

  it('keeps delivering to the other listeners when one throws', () => {
    const { api, emit } = setup();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const after = vi.fn();
    api.on('session.changed', () => {
      throw new Error('screen bug');
    });
    api.on('session.changed', after);
    emit('session.changed', changed);
    expect(after).toHaveBeenCalledTimes(1);
    expect(consoleError).toHaveBeenCalled();
  });

  it('keeps the transport working after a listener throws', async () => {
    const { api, emit, invoke } = setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const before = vi.fn();
    const after = vi.fn();
    const warning = vi.fn();
    api.on('session.changed', before);
    api.on('session.changed', () => {
      throw new Error('screen bug');
    });
    api.on('session.changed', after);
    api.on('session.idleWarning', warning);
    // The error never travels back into the transport's own event handler...
    expect(() => emit('session.changed', changed)).not.toThrow();
    // ...which goes on delivering, to every listener of every event, and calls still go out.
    emit('session.changed', changed);
    emit('session.idleWarning', { signOutAt: '2026-01-01T00:02:00.000Z', msLeft: 30_000 });
    expect(before).toHaveBeenCalledTimes(2);
    expect(after).toHaveBeenCalledTimes(2);
    expect(warning).toHaveBeenCalledTimes(1);
    await expect(api.app.info({})).resolves.toEqual({ ok: true, value: 'app.info' });
    expect(invoke).toHaveBeenCalledWith('app.info', {});
  });
});
