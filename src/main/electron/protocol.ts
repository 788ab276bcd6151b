import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import type { CustomScheme } from 'electron';
import { APP_HOST, APP_SCHEME, CSP } from './security';

/**
 * `standard` gives the scheme real origins and relative URLs, `secure` makes it a secure context
 * (needed by crypto.subtle and friends), `supportFetchAPI` lets the page fetch its own assets.
 */
export const appSchemePrivileges: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true }
};

export interface SchemeRegistrarLike {
  registerSchemesAsPrivileged(schemes: CustomScheme[]): void;
}

/** Electron accepts this only before the app is ready, and only once. */
export function registerAppScheme(protocol: SchemeRegistrarLike): void {
  protocol.registerSchemesAsPrivileged([appSchemePrivileges]);
}

export type AppPathResolution = { ok: true; file: string } | { ok: false; reason: 'malformed' | 'foreign' | 'outside' };

/**
 * Which file under `rootDir` answers an `app://ledgerdesk/...` URL. The renderer routes like a
 * website (/users, /deposits), so anything that is not a file is the single page, index.html.
 * Pure apart from the `isFile` question, so it is tested without a disk.
 */
export function resolveAppPath(rootDir: string, requestUrl: string, isFile: (path: string) => boolean): AppPathResolution {
  let url: URL;
  let pathname: string;
  try {
    url = new URL(requestUrl);
    // Decoded, so `%2e%2e%2f` is seen for what it is before the containment check below.
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return { ok: false, reason: 'foreign' };
  if (pathname.includes('\0')) return { ok: false, reason: 'malformed' };

  const root = resolve(rootDir);
  const candidate = resolve(root, `.${sep}${pathname.replace(/^[/\\]+/, '')}`);
  if (candidate !== root && !candidate.startsWith(root + sep)) return { ok: false, reason: 'outside' };
  return { ok: true, file: candidate !== root && isFile(candidate) ? candidate : resolve(root, 'index.html') };
}

const mimeTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8'
};

export interface ProtocolHandlerLike {
  handle(scheme: string, handler: (request: { url: string }) => Promise<Response>): void;
}

const isFile = (path: string): boolean => statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;

/** Answers one request; exported separately so it can be tested against a real folder. */
export async function serveAppRequest(rootDir: string, requestUrl: string): Promise<Response> {
  const resolution = resolveAppPath(rootDir, requestUrl, isFile);
  if (!resolution.ok) return new Response('Not found', { status: 404 });

  const body = await readFile(resolution.file).catch(() => null);
  if (body === null) return new Response('Not found', { status: 404 });
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': mimeTypes[extname(resolution.file).toLowerCase()] ?? 'application/octet-stream',
      // Set here as well as in the session's onHeadersReceived: custom-protocol responses do not
      // reliably pass through webRequest, and the page must never load without its policy.
      'Content-Security-Policy': CSP,
      'X-Content-Type-Options': 'nosniff'
    }
  });
}

/** Serves the built renderer (out/renderer) on app://ledgerdesk/. Call after the app is ready. */
export function serveAppProtocol(protocol: ProtocolHandlerLike, rootDir: string): void {
  protocol.handle(APP_SCHEME, (request) => serveAppRequest(rootDir, request.url));
}
