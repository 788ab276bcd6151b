import { describe, expect, it, vi } from 'vitest';
import { EVENT_CHANNEL, forwardEvents, registerRpc, RPC_CHANNEL, type IpcInvokeEventLike } from '@main/electron/ipc';
import { isTrustedUrl } from '@main/electron/security';
import type { Dispatch, EventSource } from '@main/rpc/types';
import { ok, type Result } from '@shared/result';

type Handler = (event: IpcInvokeEventLike, ...args: unknown[]) => Promise<unknown>;

/** Records handle() registrations so a test can play the part of a renderer calling invoke(). */
function fakeIpcMain() {
  const handlers = new Map<string, Handler>();
  return {
    handlers,
    handle: (channel: string, listener: Handler) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, listener);
    },
    removeHandler: (channel: string) => {
      handlers.delete(channel);
    },
    invoke: (event: IpcInvokeEventLike, ...args: unknown[]) => {
      const handler = handlers.get(RPC_CHANNEL);
      if (!handler) throw new Error('no rpc handler registered');
      return handler(event, ...args) as Promise<Result<unknown>>;
    }
  };
}

const frame = (url: string): IpcInvokeEventLike => ({ senderFrame: { url } });
const trusted = (url: string | undefined) => isTrustedUrl(url);

function setup(dispatch: Dispatch = vi.fn(async () => ok({ answered: true }))) {
  const ipcMain = fakeIpcMain();
  const dispatchSpy = vi.fn(dispatch);
  const dispose = registerRpc(ipcMain, dispatchSpy, trusted);
  return { ipcMain, dispatch: dispatchSpy, dispose };
}

describe('registerRpc', () => {
  it('registers exactly one handler, on the rpc channel', () => {
    const { ipcMain } = setup();
    expect([...ipcMain.handlers.keys()]).toEqual(['ledgerdesk:rpc']);
  });

  it("dispatches calls from the app's own page and answers the dispatcher's Result", async () => {
    const { ipcMain, dispatch } = setup();
    const input = { email: 'a@b.c', password: 'x', rememberMe: false };
    const result = await ipcMain.invoke(frame('app://ledgerdesk/users?page=2'), 'session.signIn', input);
    expect(dispatch).toHaveBeenCalledTimes(1);
    expect(dispatch).toHaveBeenCalledWith('session.signIn', input);
    expect(result).toEqual({ ok: true, value: { answered: true } });
  });

  it.each([
    ['a foreign https page', frame('https://evil.example/')],
    ['a local file', frame('file:///home/admin/evil.html')],
    ['a look-alike host', frame('app://ledgerdesk.evil/')],
    ['an about:blank frame', frame('about:blank')],
    ['an empty url', frame('')],
    ['a missing sender frame (null)', { senderFrame: null }],
    ['a missing sender frame (undefined)', { senderFrame: undefined }]
  ])('refuses %s with PERMISSION_DENIED without dispatching', async (_label, event) => {
    const { ipcMain, dispatch } = setup();
    const result = await ipcMain.invoke(event, 'dashboard.summary', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'PERMISSION_DENIED' } });
    expect(result.ok ? '' : result.error.message).not.toBe('');
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('refuses a frame that was disposed mid-call (Electron throws on reading it)', async () => {
    const { ipcMain, dispatch } = setup();
    const disposed: IpcInvokeEventLike = {
      get senderFrame(): { url: string } {
        throw new Error('Render frame was disposed before WebFrameMain could be accessed');
      }
    };
    await expect(ipcMain.invoke(disposed, 'app.info', {})).resolves.toMatchObject({
      ok: false,
      error: { code: 'PERMISSION_DENIED' }
    });
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('passes the frame URL to the trust check it was given', async () => {
    const ipcMain = fakeIpcMain();
    const isTrustedSender = vi.fn(() => false);
    const dispatch = vi.fn<Dispatch>();
    registerRpc(ipcMain, dispatch, isTrustedSender);
    await ipcMain.invoke(frame('http://localhost:5173/'), 'app.info', {});
    expect(isTrustedSender).toHaveBeenCalledWith('http://localhost:5173/');
    expect(dispatch).not.toHaveBeenCalled();
  });

  it.each([[42], [null], [undefined], [{ method: 'app.info' }]])('answers VALIDATION when the method name is %j, without dispatching', async (method) => {
    const { ipcMain, dispatch } = setup();
    const result = await ipcMain.invoke(frame('app://ledgerdesk/'), method, {});
    expect(result).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('leaves unknown method names and raw input to the dispatcher', async () => {
    const { ipcMain, dispatch } = setup(async () => ({ ok: false, error: { code: 'NOT_FOUND', message: 'no such method' } }));
    const result = await ipcMain.invoke(frame('app://ledgerdesk/'), 'nope.nothing', 'raw');
    expect(dispatch).toHaveBeenCalledWith('nope.nothing', 'raw');
    expect(result).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'no such method' } });
  });

  it('answers INTERNAL instead of throwing when the dispatcher breaks its promise not to throw', async () => {
    const { ipcMain } = setup(async () => {
      throw new Error('secret stack detail');
    });
    const result = await ipcMain.invoke(frame('app://ledgerdesk/'), 'app.info', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(JSON.stringify(result)).not.toContain('secret stack detail');
  });

  it('removes its handler when disposed', () => {
    const { ipcMain, dispose } = setup();
    dispose();
    expect(ipcMain.handlers.size).toBe(0);
  });
});

describe('forwardEvents', () => {
  function fakeEvents() {
    const listeners = new Set<(event: string, payload: unknown) => void>();
    const source = {
      subscribe: (listener: (event: string, payload: unknown) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      }
    } as unknown as EventSource;
    return { source, listeners, emit: (event: string, payload: unknown) => listeners.forEach((l) => l(event, payload)) };
  }

  it('sends each event to the page on the event channel, with its name and payload', () => {
    const events = fakeEvents();
    const send = vi.fn();
    forwardEvents(events.source, send);
    const payload = { signOutAt: '2026-01-01T00:00:00.000Z', msLeft: 30_000 };
    events.emit('session.idleWarning', payload);
    expect(send).toHaveBeenCalledExactlyOnceWith('ledgerdesk:event', 'session.idleWarning', payload);
    expect(EVENT_CHANNEL).toBe('ledgerdesk:event');
  });

  it('stops sending once disposed', () => {
    const events = fakeEvents();
    const send = vi.fn();
    const stop = forwardEvents(events.source, send);
    stop();
    events.emit('session.changed', {});
    expect(send).not.toHaveBeenCalled();
    expect(events.listeners.size).toBe(0);
  });

  it('does not let a window that cannot receive break the event source', () => {
    const events = fakeEvents();
    forwardEvents(events.source, () => {
      throw new Error('Object has been destroyed');
    });
    expect(() => events.emit('session.changed', {})).not.toThrow();
  });
});
