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
    handler: (webContents: unknown, permission: string, callback: (granted: boolean) => void, details?: { requestingUrl?: string }) => void
  ): void;
  setPermissionCheckHandler(handler: (webContents: unknown, permission: string, requestingOrigin?: string) => boolean): void;
  readonly webRequest: {
    onHeadersReceived(listener: (details: { responseHeaders?: Record<string, string[]> }, callback: HeadersCallback) => void): void;
  };
}

/** Our own page may put text on the clipboard (the copy buttons next to wallet addresses); nothing more. */
const GRANTED_TO_APP = new Set(['clipboard-sanitized-write']);

// URL.origin is "null" for custom schemes, so compare scheme and host instead.
const isAppPage = (url: string | undefined): boolean => {
  if (!url) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'app:' && parsed.host === 'ledgerdesk';
  } catch {
    return false;
  }
};

const grants = (permission: string, url: string | undefined): boolean => GRANTED_TO_APP.has(permission) && isAppPage(url);

/**
 * An admin tool needs no camera, notifications or geolocation: every permission is refused,
 * except writing to the clipboard from Ledgerdesk's own page.
 */
export function hardenSession(session: SessionLike, csp: string = CSP): void {
  session.setPermissionRequestHandler((_webContents, permission, callback, details) => callback(grants(permission, details?.requestingUrl)));
  session.setPermissionCheckHandler((_webContents, permission, requestingOrigin) => grants(permission, requestingOrigin));
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
