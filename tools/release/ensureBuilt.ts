import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { newestSource } from './security/targets';

/**
 * Builds out/ (electron-vite build) only when it is missing or older than the sources. npm test
 * builds once before its two lanes, and the end-to-end lane serves out/renderer while the checks
 * run: a second build in the middle of it rewrote the screens' code under pages already open (a
 * screen's chunk answered 404).
 */
export function ensureBuilt(root: string, log: (line: string) => void = console.log): void {
  const outputs = ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'].map((file) => join(root, file));
  const built = outputs.every(existsSync) ? Math.min(...outputs.map((file) => statSync(file).mtimeMs)) : 0;
  if (built >= newestSource(root)) return;
  log(built ? 'out/ is older than the sources: building.' : 'out/ is missing: building.');
  const { status } = spawnSync(join(root, 'node_modules/.bin/electron-vite'), ['build'], { cwd: root, stdio: 'inherit' });
  if (status !== 0) throw new Error('electron-vite build failed');
}
