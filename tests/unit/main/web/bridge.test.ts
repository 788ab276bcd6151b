import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Api } from '@shared/contract';
import { eventNames } from '@shared/methods';
import { callLane, installBridge } from '@main/web/bridge';
import { LAUNCH_USED_AGAIN } from '@main/web/server';
import { fakePage, type FakePage } from '../../../support/fakes/fakePage';

// Browser mode's window.api (src/main/web/bridge.ts) in a stand-in page: the HTTP transport under
// the preload's own module. The bundled script is checked in bridgeBundle.test.ts.

const install = (fake: FakePage = fakePage()) => {
  installBridge(fake.page);
  return { ...fake, api: (fake.page as unknown as { api: Api }).api };
};

const changed = { user: null, endedBecause: 'idle', idleTimeoutMs: 120_000, rememberedEmail: null };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('browser-mode bridge: the token', () => {
  it('moves the token from the address bar into the tab, keeping the rest of the address', () => {
    const { page, storage } = install(fakePage('/users?token=per-launch-secret&page=2#top'));
    expect(storage.get('ledgerdesk.token')).toBe('per-launch-secret');
    expect(page.history.replaceState).toHaveBeenCalledExactlyOnceWith(null, '', '/users?page=2#top');
    expect(page.location.search).not.toContain('per-launch-secret');
  });

  it('keeps using the stored token after a reload without it', async () => {
    const fake = fakePage('/deposits');
    fake.storage.set('ledgerdesk.token', 'stored-secret');
    const { api, page, fetch } = install(fake);
    expect(page.history.replaceState).not.toHaveBeenCalled();
    await api.app.info();
    expect(fetch.mock.calls[0]?.[1].headers).toMatchObject({ 'x-ledgerdesk-token': 'stored-secret' });
  });
});

describe('browser-mode bridge: a launch address', () => {
  it('trades its one-time code for the token before the first call, and drops it from the address at once', async () => {
    const fake = fakePage('/?launch=one-time-code', (method, init) =>
      method === '/launch' ? { status: 200, body: { token: 'per-launch-secret', sent: init.body } } : { status: 200, body: { ok: true, value: method } }
    );
    const { api, page, fetch, storage, events } = install(fake);
    expect(page.history.replaceState).toHaveBeenCalledExactlyOnceWith(null, '', '/');
    api.on('session.changed', () => undefined);
    await expect(api.app.info()).resolves.toEqual({ ok: true, value: 'app.info' });
    expect(fetch.mock.calls[0]).toEqual(['/launch', expect.objectContaining({ method: 'POST', body: JSON.stringify({ code: 'one-time-code' }) })]);
    expect(fetch.mock.calls[1]?.[1].headers).toMatchObject({ 'x-ledgerdesk-token': 'per-launch-secret' });
    expect(storage.get('ledgerdesk.token')).toBe('per-launch-secret');
    expect(events[0]?.url).toBe('/events?token=per-launch-secret');
  });

  it("a code used already or expired leaves the page without a key, saying in the server's words why and where to get in", async () => {
    const { api, storage, fetch } = install(fakePage('/?launch=spent', () => ({ status: 401, body: { error: LAUNCH_USED_AGAIN } })));
    await expect(api.app.info()).resolves.toEqual({
      ok: false,
      error: { code: 'UNAUTHENTICATED', message: LAUNCH_USED_AGAIN }
    });
    expect(storage.has('ledgerdesk.token')).toBe(false);
    // Nothing is sent without a key.
    expect(fetch.mock.calls.map(([path]) => path)).toEqual(['/launch']);
  });

  it('a refusal without words, or no answer at all, still says where to get in', async () => {
    const silent = install(fakePage('/?launch=spent', () => ({ status: 401, body: {} })));
    await expect(silent.api.app.info()).resolves.toMatchObject({
      ok: false,
      error: { code: 'UNAUTHENTICATED', message: expect.stringContaining('latest address') }
    });
    const down = install(fakePage('/?launch=spent', () => new Error('connection refused')));
    await expect(down.api.app.info()).resolves.toMatchObject({
      ok: false,
      error: { code: 'UNAUTHENTICATED', message: expect.stringContaining('latest address') }
    });
  });
});

describe('browser-mode bridge: calls', () => {
  it('posts the method and its input with the token, and answers the Result unchanged', async () => {
    const answer = { ok: false, error: { code: 'VALIDATION', message: 'Email or password is empty' } };
    const { api, fetch } = install(fakePage(undefined, () => ({ status: 200, body: answer })));
    const input = { email: '', password: '', rememberMe: false };
    await expect(api.session.signIn(input)).resolves.toEqual(answer);
    expect(fetch).toHaveBeenCalledExactlyOnceWith('/rpc/session.signIn', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ledgerdesk-token': 'per-launch-secret' },
      body: JSON.stringify(input)
    });
  });

  it('sends {} when a method is called without input', async () => {
    const { api, fetch } = install();
    await (api.dashboard.summary as unknown as () => Promise<unknown>)();
    expect(fetch.mock.calls[0]?.[1].body).toBe('{}');
  });

  it('answers UNAUTHENTICATED without calling out when the page has no token', async () => {
    const { api, fetch } = install(fakePage('/login'));
    await expect(api.session.get()).resolves.toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('answers UNAUTHENTICATED when the server refuses the token (401)', async () => {
    const { api } = install(fakePage(undefined, () => ({ status: 401, body: { error: 'Missing or wrong Ledgerdesk token.' } })));
    await expect(api.session.get()).resolves.toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
  });

  it('answers UNAVAILABLE, not a thrown error, when the local service is gone', async () => {
    const { api } = install(fakePage(undefined, () => new TypeError('Failed to fetch')));
    await expect(api.session.get()).resolves.toMatchObject({
      ok: false,
      error: { code: 'UNAVAILABLE', message: expect.stringContaining('lost contact') }
    });
  });
});

describe('browser-mode bridge: events', () => {
  it('opens one event stream, with the token, at the first subscription', () => {
    const { api, events } = install();
    expect(events).toHaveLength(0);
    api.on('session.changed', () => undefined);
    api.on('mail.changed', () => undefined);
    expect(events).toHaveLength(1);
    expect(events[0]?.url).toBe('/events?token=per-launch-secret');
    expect([...events[0]!.listeners.keys()].sort()).toEqual([...eventNames].sort());
  });

  it('opens no stream without a token', () => {
    const { api, events } = install(fakePage('/login'));
    api.on('session.changed', () => undefined);
    expect(events).toHaveLength(0);
  });

  it('delivers the parsed payload to that event’s listeners only, until they unsubscribe', () => {
    const { api, events } = install();
    const onChanged = vi.fn();
    const onMail = vi.fn();
    const stop = api.on('session.changed', onChanged);
    api.on('mail.changed', onMail);
    events[0]!.send('session.changed', JSON.stringify(changed));
    expect(onChanged.mock.calls).toEqual([[changed]]);
    expect(onMail).not.toHaveBeenCalled();
    stop();
    events[0]!.send('session.changed', JSON.stringify(changed));
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('keeps delivering to the next listener, and to later events, when one listener throws', () => {
    const { api, events } = install();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const after = vi.fn();
    api.on('session.changed', () => {
      throw new Error('screen bug');
    });
    api.on('session.changed', after);
    expect(() => events[0]!.send('session.changed', JSON.stringify(changed))).not.toThrow();
    events[0]!.send('session.changed', JSON.stringify(changed));
    expect(after).toHaveBeenCalledTimes(2);
    expect(consoleError).toHaveBeenCalledTimes(2);
  });

  it('drops a frame that is not JSON without breaking the stream', () => {
    const { api, events } = install();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const listener = vi.fn();
    api.on('mail.changed', listener);
    expect(() => events[0]!.send('mail.changed', '{oops')).not.toThrow();
    events[0]!.send('mail.changed', '{}');
    expect(listener.mock.calls).toEqual([[{}]]);
  });

  it('rejects an event name the contract does not declare', () => {
    const { api } = install();
    const on = api.on as unknown as (event: string, listener: () => void) => () => void;
    expect(() => on('session.secretsLeaked', () => undefined)).toThrow(/Unknown event/);
  });
});

describe('browser-mode bridge: the page cannot change window.api', () => {
  it('defines window.api read-only, with every namespace frozen', () => {
    const { page, api } = install();
    const before = api.deposits.setStatus;
    expect(Object.getOwnPropertyDescriptor(page, 'api')).toMatchObject({ writable: false, configurable: false });
    expect(() => {
      (page as unknown as { api: unknown }).api = {};
    }).toThrow(TypeError);
    expect(() => {
      (api.deposits as unknown as Record<string, unknown>).setStatus = () => undefined;
    }).toThrow(TypeError);
    expect(Object.isFrozen(api)).toBe(true);
    for (const [key, value] of Object.entries(api)) if (key !== 'on') expect(Object.isFrozen(value)).toBe(true);
    expect(api.deposits.setStatus).toBe(before);
  });
});

describe('browser-mode bridge: calls in flight', () => {
  it('sends at most four calls at once, so a screen of slow calls leaves a connection for the next screen’s code', async () => {
    const answers: Array<() => void> = [];
    const fake = fakePage('/deposits?token=t');
    fake.fetch.mockImplementation(
      (input: string) => new Promise((resolve) => answers.push(() => resolve({ status: 200, json: async () => ({ ok: true, value: input }) })))
    );
    const { api, fetch } = install(fake);
    const calls = Array.from({ length: 6 }, () => api.app.info());
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(4));
    answers[0]!();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(5));
    for (const answer of answers) answer();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(6));
    for (const answer of answers) answer();
    await expect(Promise.all(calls)).resolves.toHaveLength(6);
  });

  it('sends the newest screen’s calls first, and one screen’s calls in the order it asked them', async () => {
    let clock = 0;
    const lane = callLane(1, () => clock);
    const sent: string[] = [];
    const answers: Array<() => void> = [];
    const call = (name: string) => lane(() => new Promise<void>((resolve) => (sent.push(name), answers.push(resolve))));
    // The dashboard asks for its figures in one render; a moment later the administrator opens Referrals.
    const dashboard = ['figure 1', 'figure 2', 'figure 3'].map(call);
    clock = 500;
    const referrals = ['pageSizes.get', 'referrals.list'].map(call);
    for (let i = 0; i < 5; i++) {
      await vi.waitFor(() => expect(sent).toHaveLength(i + 1));
      answers[i]!();
    }
    await Promise.all([...dashboard, ...referrals]);
    expect(sent).toEqual(['figure 1', 'pageSizes.get', 'referrals.list', 'figure 2', 'figure 3']);
  });
});
