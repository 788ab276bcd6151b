import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

// Electronegativity reads only .js/.jsx/.ts/.tsx/.html/.htm and package.json: the sandboxed
// preload (index.cjs) would be skipped silently, so every target is copied under a name it reads.
const readable = /\.(js|jsx|ts|tsx|html|htm)$/;

const walk = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]))
    : [];

const posix = (path: string): string => path.split(sep).join('/');

/**
 * What ships and runs with privileges or decides the renderer's policy: the main bundles, the
 * preload, the renderer's HTML and the manifest. The renderer's script bundle is left out because
 * the tool's parser cannot read it (modern class fields) and an unparsed file is a failure.
 */
export function scanTargets(root: string): string[] {
  const under = (dir: string, pattern: RegExp) =>
    walk(join(root, dir))
      .map((file) => posix(relative(root, file)))
      .filter((file) => pattern.test(file));
  return [
    ...under('out/main', /\.(c|m)?js$/),
    ...under('out/preload', /\.(c|m)?js$/),
    ...under('out/renderer', /^out\/renderer\/[^/]+\.html$/),
    'package.json'
  ].sort();
}

export const stagedName = (file: string): string => (readable.test(file) || file.endsWith('package.json') ? file : `${file}.js`);

/** Copies the targets into `dir`; returns staged name -> repository name. */
export function stage(root: string, dir: string, targets: readonly string[]): Map<string, string> {
  rmSync(dir, { recursive: true, force: true });
  const names = new Map<string, string>();
  for (const file of targets) {
    const staged = stagedName(file);
    mkdirSync(dirname(join(dir, staged)), { recursive: true });
    copyFileSync(join(root, file), join(dir, staged));
    names.set(staged, file);
  }
  return names;
}

/** The newest modification time of anything the build reads. */
export function newestSource(root: string): number {
  const inputs = [...walk(join(root, 'src')), join(root, 'electron.vite.config.ts'), join(root, 'package.json')];
  return Math.max(...inputs.filter(existsSync).map((file) => statSync(file).mtimeMs));
}
