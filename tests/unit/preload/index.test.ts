import { EventEmitter } from 'node:events';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { EVENT_CHANNEL, RPC_CHANNEL } from '../../../src/main/electron/ipc';
import { methodNames } from '../../../src/shared/methods';

// The real `electron` package cannot load here (it resolves the binary); the preload gets this fake.
const fake = vi.hoisted(() => {
  const exposed = new Map<string, unknown>();
  return {
    exposed,
    contextBridge: { exposeInMainWorld: (key: string, value: unknown) => void exposed.set(key, value) },
    ipcRenderer: undefined as unknown as import('node:events').EventEmitter & { invoke: ReturnType<typeof vi.fn> }
  };
});

vi.mock('electron', () => {
  const ipcRenderer = Object.assign(new EventEmitter(), {
    invoke: vi.fn(async (..._args: unknown[]) => ({ ok: true, value: null }))
  });
  fake.ipcRenderer = ipcRenderer;
  return { contextBridge: fake.contextBridge, ipcRenderer };
});

type Exposed = Record<string, unknown> & {
  session: { signIn(input: unknown): Promise<unknown> };
  app: { info(): Promise<unknown> };
  on(event: string, listener: (...args: unknown[]) => void): () => void;
};

let api: Exposed;

beforeAll(async () => {
  await import('../../../src/preload/index');
  api = fake.exposed.get('api') as Exposed;
});

describe('the preload', () => {
  it('exposes one thing, window.api, made of the contract methods and `on`', () => {
    expect([...fake.exposed.keys()]).toEqual(['api']);
    const namespaces = new Set(methodNames.map((method) => method.split('.')[0]));
    expect(Object.keys(api).sort()).toEqual([...namespaces, 'on'].sort());
    expect(JSON.stringify(Object.keys(api))).not.toMatch(/invoke|ipc|send|require/i);
  });

  it('invokes the rpc channel the main process handles', async () => {
    const input = { email: 'admin@example.com', password: 'pw', rememberMe: true };
    await api.session.signIn(input);
    expect(fake.ipcRenderer.invoke).toHaveBeenLastCalledWith(RPC_CHANNEL, 'session.signIn', input);
    await api.app.info();
    expect(fake.ipcRenderer.invoke).toHaveBeenLastCalledWith(RPC_CHANNEL, 'app.info', {});
  });

  it('hears the event channel the main process sends on, and hands the page only the payload', () => {
    const listener = vi.fn();
    const unsubscribe = api.on('session.idleWarning', listener);
    const ipcEvent = { sender: fake.ipcRenderer, senderId: 0 };
    const payload = { signOutAt: '2026-01-01T00:02:00.000Z', msLeft: 30_000 };
    fake.ipcRenderer.emit(EVENT_CHANNEL, ipcEvent, 'session.idleWarning', payload);
    expect(listener.mock.calls).toEqual([[payload]]);

    unsubscribe();
    fake.ipcRenderer.emit(EVENT_CHANNEL, ipcEvent, 'session.idleWarning', payload);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('keeps a single IPC listener for any number of page subscriptions', () => {
    for (let i = 0; i < 20; i += 1) api.on('session.changed', () => undefined);
    expect(fake.ipcRenderer.listenerCount(EVENT_CHANNEL)).toBe(1);
  });

  it('ignores a message with no event name', () => {
    const listener = vi.fn();
    api.on('session.changed', listener);
    fake.ipcRenderer.emit(EVENT_CHANNEL, {}, 42, {});
    expect(listener).not.toHaveBeenCalled();
  });
});
