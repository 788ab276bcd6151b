// Renderer bundle size as users download it: gzip of the built JavaScript and CSS in total, and
// what the sign-in page fetches when Chromium opens it (browserLoad.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { EmulatorHosts } from '../devenv/emulators';
import { measureBrowserLoad, type BrowserLoad } from './browserLoad';
import { runToEnd } from './processes';

export interface RouteBundle {
  /** gzip -9 bytes of the route's JavaScript (the entry, the route's chunk and every chunk they import). */
  jsGzipBytes: number;
  jsRawBytes: number;
  /** gzip -9 bytes of the stylesheets index.html links (one for the whole app). */
  cssGzipBytes: number;
  files: string[];
}

export interface BundleResult {
  gzipBytes: number;
  rawBytes: number;
  files: number;
  /** How it was counted. */
  method: string;
  /** ms of `electron-vite build` when the bench had to build; null when out/ was already there. */
  buildMs: number | null;
  /** Every script Chromium fetches for /login until the page is idle, and how long signing in then takes. */
  signInRoute: BrowserLoad;
  /** The entry's and the sign-in chunk's static import closure: what the page needs at the least, for comparison. */
  signInStaticClosure: RouteBundle & { method: string };
}

export const isBuilt = (root: string): boolean => existsSync(join(root, 'out/main/web.js')) && existsSync(join(root, 'out/renderer/index.html'));

export async function ensureBuilt(root: string, force: boolean, log: (line: string) => void): Promise<number | null> {
  if (!force && isBuilt(root)) return null;
  log('building: electron-vite build...');
  const bin = join(root, 'node_modules/electron-vite/bin/electron-vite.js');
  return runToEnd(process.execPath, [bin, 'build'], { cwd: root, env: { ...process.env } });
}

const gzipSize = (content: Buffer) => gzipSync(content, { level: 9 }).length;

/**
 * The chunks a built chunk imports statically (`import{..}from"./x.js"`, `import"./x.js"`,
 * `export{..}from"./x.js"`), not the ones it loads later with import("./x.js").
 */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/\b(?:import|export)\s*(?:[\w$*\s{},]*?\s*from\s*)?["'`]\.\/([\w.-]+\.js)["'`]/g)) found.add(m[1]!);
  return [...found];
}

/** Every file a set of chunks needs before it runs: themselves and their static imports, transitively. */
export function staticClosure(start: string[], read: (file: string) => string): string[] {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(read(file)));
  }
  return [...seen].sort();
}

/**
 * The sign-in route: the entry index.html loads, its static imports, and the sign-in page's own
 * chunk (LoginPage-*.js, loaded when /login renders) with its static imports.
 */
export function measureSignInRoute(dir: string, html: string): RouteBundle {
  const entry = /<script[^>]*type="module"[^>]*src="\.?\/assets\/([\w.-]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('index.html has no module script');
  const login = readdirSync(dir).find((f) => /^LoginPage-[\w-]+\.js$/.test(f));
  if (!login) throw new Error(`No LoginPage-*.js chunk in ${dir}: the sign-in page is not split from the entry.`);
  const read = (file: string) => readFileSync(join(dir, file), 'utf8');
  const files = staticClosure([entry, login], read);
  const css = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="\.?\/assets\/([\w.-]+\.css)"/g)].map((m) => m[1]!);
  let jsGzipBytes = 0;
  let jsRawBytes = 0;
  for (const f of files) {
    const content = readFileSync(join(dir, f));
    jsRawBytes += content.length;
    jsGzipBytes += gzipSize(content);
  }
  const cssGzipBytes = css.reduce((n, f) => n + gzipSize(readFileSync(join(dir, f))), 0);
  return { jsGzipBytes, jsRawBytes, cssGzipBytes, files };
}

export async function measureBundle(root: string, buildMs: number | null, hosts: EmulatorHosts): Promise<BundleResult> {
  const dir = join(root, 'out/renderer/assets');
  const files = readdirSync(dir).filter((f) => f.endsWith('.js') || f.endsWith('.css'));
  if (files.length === 0) throw new Error(`No .js or .css in ${dir}: build first.`);
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const f of files) {
    const content = readFileSync(join(dir, f));
    rawBytes += content.length;
    gzipBytes += gzipSize(content);
  }
  const signInStaticClosure = measureSignInRoute(dir, readFileSync(join(root, 'out/renderer/index.html'), 'utf8'));
  return {
    gzipBytes,
    rawBytes,
    files: files.length,
    method: 'sum over out/renderer/assets/*.js and *.css of gzip -9 (zlib) sizes',
    buildMs: buildMs === null ? null : Math.round(buildMs),
    signInRoute: await measureBrowserLoad(root, hosts),
    signInStaticClosure: {
      ...signInStaticClosure,
      method:
        'gzip -9 of each file, summed: the entry script of index.html and the LoginPage chunk, with every chunk they import statically (import() excluded)'
    }
  };
}
