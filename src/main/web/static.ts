import { readFile } from 'node:fs/promises';
import { extname, join, normalize, relative, isAbsolute } from 'node:path';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.json': 'application/json'
};

/** Where the page loads its bridge script (window.api over HTTP) from. */
export const BRIDGE_PATH = '/ledgerdesk-bridge.js';
/** The bundled bridge script's file name beside out/main/web.js; electron.vite.config.ts writes it. */
export const BRIDGE_FILE = 'web-bridge.js';

/**
 * Maps a URL path to a file inside the built renderer. Paths without an extension are screens
 * (/users, /Settings) and get index.html; anything escaping the folder is refused.
 */
export function resolveStaticPath(rendererDir: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  if (decoded === '/' || extname(decoded) === '') return join(rendererDir, 'index.html');
  const candidate = normalize(join(rendererDir, decoded));
  const inside = relative(rendererDir, candidate);
  if (inside.startsWith('..') || isAbsolute(inside)) return null;
  return candidate;
}

/** The page with the bridge script first: it must define window.api before the app's module script runs. */
export const withBridgeScript = (html: string): string => html.replace('<script', `<script src="${BRIDGE_PATH}"></script>\n    <script`);

export async function readStatic(file: string): Promise<{ body: Buffer; type: string } | null> {
  try {
    const body = await readFile(file);
    const type = types[extname(file)] ?? 'application/octet-stream';
    if (file.endsWith('index.html')) return { body: Buffer.from(withBridgeScript(body.toString('utf8'))), type };
    return { body, type };
  } catch {
    return null;
  }
}
