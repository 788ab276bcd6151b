/**
 * The renderer's own origin and what it may do. Production pages come from the privileged
 * `app://ledgerdesk/` scheme (see protocol.ts), never from file://, so every file on disk is not
 * automatically "the app"; in development they come from the electron-vite dev server.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'ledgerdesk';
export const appOrigin = `${APP_SCHEME}://${APP_HOST}`;
export const appUrl = `${appOrigin}/`;

export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'"
].join('; ');

// Only for the dev server: @vitejs/plugin-react injects an inline module script (the React
// Refresh preamble), which the production policy would block. Never used by a packaged app.
export const DEV_CSP = CSP.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'");

const parse = (url: string | undefined): URL | null => {
  if (!url) return null;
  try {
    return new URL(url);
  } catch {
    return null;
  }
};

/**
 * Whether a page or frame URL is the app's own renderer. Compared by protocol and host (with
 * port), not by `URL.origin`, because Node reports the origin of a custom scheme as "null".
 */
export function isTrustedUrl(url: string | undefined, devServerUrl?: string): boolean {
  const parsed = parse(url);
  if (!parsed) return false;
  if (parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST) return true;
  const dev = parse(devServerUrl);
  return dev !== null && parsed.protocol === dev.protocol && parsed.host === dev.host;
}

/** Links the admin may open in the system browser: plain https, no embedded credentials. */
export function isSafeExternalUrl(url: string): boolean {
  const parsed = parse(url);
  return parsed !== null && parsed.protocol === 'https:' && parsed.username === '' && parsed.password === '';
}

type HeadersCallback = (response: { responseHeaders?: Record<string, string | string[]> }) => void;

export interface SessionLike {
  setPermissionRequestHandler(
    handler: (webContents: unknown, permission: string, callback: (granted: boolean) => void) => void
  ): void;
  setPermissionCheckHandler(handler: (webContents: unknown, permission: string) => boolean): void;
  readonly webRequest: {
    onHeadersReceived(
      listener: (details: { responseHeaders?: Record<string, string[]> }, callback: HeadersCallback) => void
    ): void;
  };
}

/** An admin tool needs no camera, notifications or geolocation: every permission is refused. */
export function hardenSession(session: SessionLike, csp: string = CSP): void {
  session.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
  });
}

interface PreventableEvent {
  preventDefault(): void;
}

export interface ContentsLike {
  on(event: 'will-navigate' | 'will-redirect', listener: (event: PreventableEvent & { url: string }) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

export type OpenExternal = (url: string) => Promise<void>;

/**
 * The window only ever shows the app's own page: navigation elsewhere, new windows and
 * <webview> are refused. An https link the admin clicks opens in the system browser instead.
 */
export function hardenContents(contents: ContentsLike, openExternal: OpenExternal, devServerUrl?: string): void {
  const stayHome = (event: PreventableEvent & { url: string }): void => {
    if (!isTrustedUrl(event.url, devServerUrl)) event.preventDefault();
  };
  contents.on('will-navigate', stayHome);
  contents.on('will-redirect', stayHome);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) {
      openExternal(url).catch(() => {
        // Nothing to recover: the system browser refused, and the app window stays as it was.
      });
    }
    return { action: 'deny' };
  });
}
