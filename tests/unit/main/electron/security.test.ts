import { describe, expect, it, vi } from 'vitest';
import {
  appOrigin,
  appUrl,
  CSP,
  DEV_CSP,
  hardenContents,
  hardenSession,
  isSafeExternalUrl,
  isTrustedUrl,
  type ContentsLike,
  type SessionLike
} from '@main/electron/security';

const directives = (policy: string): Record<string, string[]> =>
  Object.fromEntries(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name as string, sources])
  );

describe('the content security policy', () => {
  it('has exactly the agreed directives', () => {
    expect(directives(CSP)).toStrictEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'https:'],
      'connect-src': ["'self'"],
      'font-src': ["'self'", 'data:'],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'frame-ancestors': ["'none'"],
      'form-action': ["'none'"]
    });
  });

  it('never allows eval, and allows inline scripts only for the dev server', () => {
    expect(CSP).not.toContain('unsafe-eval');
    expect(DEV_CSP).not.toContain('unsafe-eval');
    expect(directives(DEV_CSP)['script-src']).toEqual(["'self'", "'unsafe-inline'"]);
    const { 'script-src': _devScripts, ...devRest } = directives(DEV_CSP);
    const { 'script-src': _scripts, ...rest } = directives(CSP);
    expect(devRest).toStrictEqual(rest);
  });
});

describe('isTrustedUrl', () => {
  it('names the app origin', () => {
    expect(appOrigin).toBe('app://ledgerdesk');
    expect(appUrl).toBe('app://ledgerdesk/');
  });

  it.each(['app://ledgerdesk/', 'app://ledgerdesk/users', 'app://ledgerdesk/deposits?status=pending#top'])('trusts the app page %s', (url) =>
    expect(isTrustedUrl(url)).toBe(true)
  );

  it.each([
    'https://evil.example/',
    'app://evil/',
    'app://ledgerdesk.evil.example/',
    'app://ledgerdesk:8080/',
    'file:///work/main/out/renderer/index.html',
    'http://localhost:5173/',
    'javascript:alert(1)',
    'about:blank',
    'not a url',
    '',
    undefined
  ])('does not trust %s in a production build', (url) => expect(isTrustedUrl(url)).toBe(false));

  it('trusts the dev server only when it is the configured one, port included', () => {
    const dev = 'http://localhost:5173';
    expect(isTrustedUrl('http://localhost:5173/users', dev)).toBe(true);
    expect(isTrustedUrl('http://localhost:5174/', dev)).toBe(false);
    expect(isTrustedUrl('https://localhost:5173/', dev)).toBe(false);
    expect(isTrustedUrl('http://127.0.0.1:5173/', dev)).toBe(false);
    expect(isTrustedUrl('app://ledgerdesk/', dev)).toBe(true);
    expect(isTrustedUrl('http://localhost:5173/', 'not a url')).toBe(false);
  });
});

describe('isSafeExternalUrl', () => {
  it.each([
    ['https://docs.example.com/help', true],
    ['http://example.com/', false],
    ['https://user:pass@example.com/', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['smb://server/share', false],
    ['app://ledgerdesk/', false],
    ['nonsense', false]
  ])('%s -> %s', (url, expected) => expect(isSafeExternalUrl(url)).toBe(expected));
});

function fakeSession() {
  const recorded: {
    request?: Parameters<SessionLike['setPermissionRequestHandler']>[0];
    check?: Parameters<SessionLike['setPermissionCheckHandler']>[0];
    headers?: Parameters<SessionLike['webRequest']['onHeadersReceived']>[0];
  } = {};
  const session: SessionLike = {
    setPermissionRequestHandler: (handler) => void (recorded.request = handler),
    setPermissionCheckHandler: (handler) => void (recorded.check = handler),
    webRequest: { onHeadersReceived: (listener) => void (recorded.headers = listener) }
  };
  return { session, recorded };
}

describe('hardenSession', () => {
  const permissions = ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen', 'unknown'];

  it.each(permissions)('denies the permission request %s', (permission) => {
    const { session, recorded } = fakeSession();
    hardenSession(session);
    const callback = vi.fn();
    recorded.request?.({}, permission, callback);
    expect(callback).toHaveBeenCalledExactlyOnceWith(false);
  });

  it.each(permissions)('answers no to the permission check %s', (permission) => {
    const { session, recorded } = fakeSession();
    hardenSession(session);
    expect(recorded.check).toBeTypeOf('function');
    expect(recorded.check?.({}, permission)).toBe(false);
  });

  it('lets only our own page write to the clipboard (the copy buttons)', () => {
    const { session, recorded } = fakeSession();
    hardenSession(session);
    const answer = (url: string) => {
      const callback = vi.fn();
      recorded.request?.({}, 'clipboard-sanitized-write', callback, { requestingUrl: url });
      return callback.mock.calls[0]?.[0];
    };
    expect(answer('app://ledgerdesk/withdrawals')).toBe(true);
    expect(answer('https://evil.example/')).toBe(false);
    expect(answer('file:///etc/passwd')).toBe(false);
    expect(recorded.check?.({}, 'clipboard-sanitized-write', 'app://ledgerdesk')).toBe(true);
    expect(recorded.check?.({}, 'clipboard-sanitized-write', 'https://evil.example')).toBe(false);
    expect(recorded.check?.({}, 'clipboard-read', 'app://ledgerdesk')).toBe(false);
  });

  it('adds the CSP header to every response and keeps the other headers', () => {
    const { session, recorded } = fakeSession();
    hardenSession(session);
    const callback = vi.fn();
    recorded.headers?.({ responseHeaders: { 'Content-Type': ['text/html'] } }, callback);
    expect(callback).toHaveBeenCalledExactlyOnceWith({
      responseHeaders: { 'Content-Type': ['text/html'], 'Content-Security-Policy': [CSP] }
    });
  });

  it('adds the CSP header when the response had no headers, and uses the policy it is given', () => {
    const { session, recorded } = fakeSession();
    hardenSession(session, DEV_CSP);
    const callback = vi.fn();
    recorded.headers?.({}, callback);
    expect(callback).toHaveBeenCalledExactlyOnceWith({ responseHeaders: { 'Content-Security-Policy': [DEV_CSP] } });
  });
});

type Listener = (event: { preventDefault(): void; url: string }) => void;

function fakeContents() {
  const listeners = new Map<string, Listener[]>();
  let openHandler: ((details: { url: string }) => { action: 'deny' }) | undefined;
  const contents: ContentsLike = {
    on: (event: string, listener: Listener) => {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return contents;
    },
    setWindowOpenHandler: (handler) => void (openHandler = handler)
  };
  /** Emits like Electron: returns whether any listener prevented the default. */
  const emit = (event: string, url = ''): boolean => {
    let prevented = false;
    for (const listener of listeners.get(event) ?? []) listener({ url, preventDefault: () => void (prevented = true) });
    return prevented;
  };
  const open = (url: string) => {
    if (!openHandler) throw new Error('no window open handler installed');
    return openHandler({ url });
  };
  return { contents, emit, open };
}

describe('hardenContents', () => {
  const setup = (devServerUrl?: string) => {
    const fake = fakeContents();
    const openExternal = vi.fn(async (_url: string) => undefined);
    hardenContents(fake.contents, openExternal, devServerUrl);
    return { ...fake, openExternal };
  };

  it.each(['will-navigate', 'will-redirect'])('%s: refuses pages other than the app', (event) => {
    const { emit, openExternal } = setup();
    expect(emit(event, 'https://evil.example/')).toBe(true);
    expect(emit(event, 'file:///etc/passwd')).toBe(true);
    expect(emit(event, 'http://localhost:5173/')).toBe(true);
    expect(openExternal).not.toHaveBeenCalled();
  });

  it.each(['will-navigate', 'will-redirect'])('%s: lets the app reload its own pages', (event) => {
    const { emit } = setup();
    expect(emit(event, 'app://ledgerdesk/users')).toBe(false);
  });

  it('lets the dev server page load in development only', () => {
    expect(setup('http://localhost:5173').emit('will-navigate', 'http://localhost:5173/')).toBe(false);
    expect(setup().emit('will-navigate', 'http://localhost:5173/')).toBe(true);
  });

  it('refuses to attach a <webview>', () => {
    expect(setup().emit('will-attach-webview')).toBe(true);
  });

  it('denies window.open, and hands an https link to the system browser', () => {
    const { open, openExternal } = setup();
    expect(open('https://docs.example.com/guide')).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledExactlyOnceWith('https://docs.example.com/guide');
  });

  it.each(['http://example.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'https://u:p@example.com/', 'app://ledgerdesk/x'])(
    'denies window.open(%s) and does not pass it to the system browser',
    (url) => {
      const { open, openExternal } = setup();
      expect(open(url)).toEqual({ action: 'deny' });
      expect(openExternal).not.toHaveBeenCalled();
    }
  );

  it('survives the system browser refusing a link', async () => {
    const fake = fakeContents();
    const openExternal = vi.fn(async () => {
      throw new Error('no browser');
    });
    hardenContents(fake.contents, openExternal);
    expect(fake.open('https://example.com/')).toEqual({ action: 'deny' });
    // Let the rejection settle: an unhandled rejection would fail this test run.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(openExternal).toHaveBeenCalledTimes(1);
  });
});
