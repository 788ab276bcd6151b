// Renderer bundle size as users download it: gzip of the built JavaScript and CSS.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { runToEnd } from './processes';

export interface BundleResult {
  gzipBytes: number;
  rawBytes: number;
  files: number;
  /** How it was counted. */
  method: string;
  /** ms of `electron-vite build` when the bench had to build; null when out/ was already there. */
  buildMs: number | null;
}

export const isBuilt = (root: string): boolean =>
  existsSync(join(root, 'out/main/web.js')) && existsSync(join(root, 'out/renderer/index.html'));

export async function ensureBuilt(root: string, force: boolean, log: (line: string) => void): Promise<number | null> {
  if (!force && isBuilt(root)) return null;
  log('building: electron-vite build...');
  const bin = join(root, 'node_modules/electron-vite/bin/electron-vite.js');
  return runToEnd(process.execPath, [bin, 'build'], { cwd: root, env: { ...process.env } });
}

export function measureBundle(root: string, buildMs: number | null): BundleResult {
  const dir = join(root, 'out/renderer/assets');
  const files = readdirSync(dir).filter((f) => f.endsWith('.js') || f.endsWith('.css'));
  if (files.length === 0) throw new Error(`No .js or .css in ${dir}: build first.`);
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const f of files) {
    const content = readFileSync(join(dir, f));
    rawBytes += content.length;
    gzipBytes += gzipSync(content, { level: 9 }).length;
  }
  return { gzipBytes, rawBytes, files: files.length, method: 'sum over out/renderer/assets/*.js and *.css of gzip -9 (zlib) sizes', buildMs: buildMs === null ? null : Math.round(buildMs) };
}
