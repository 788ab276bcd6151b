import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scanTargets, stage, stagedName } from '../../../../../tools/release/security/targets';

const toolUtil = createRequire(__filename)('@doyensec/electronegativity/dist/util') as {
  list_files(dir: string): Promise<string[]>;
};

// A fake build: what electron-vite writes, plus files the scan must leave alone.
const root = mkdtempSync(join(tmpdir(), 'ledgerdesk-security-'));
const files = [
  'out/main/index.js',
  'out/main/web.js',
  'out/main/chunks/start-Ab12.js',
  'out/preload/index.cjs',
  'out/renderer/index.html',
  'out/renderer/assets/index-Cd34.js',
  'out/renderer/assets/index-Cd34.css',
  'package.json'
];
for (const file of files) {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), '// fake\n');
}
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the scan targets', () => {
  it('are the main bundles, the preload, the renderer HTML and the manifest', () => {
    expect(scanTargets(root)).toEqual([
      'out/main/chunks/start-Ab12.js',
      'out/main/index.js',
      'out/main/web.js',
      'out/preload/index.cjs',
      'out/renderer/index.html',
      'package.json'
    ]);
  });

  it('give the .cjs preload a name Electronegativity reads, and leave the others alone', () => {
    expect(stagedName('out/preload/index.cjs')).toBe('out/preload/index.cjs.js');
    expect(stagedName('out/main/index.js')).toBe('out/main/index.js');
    expect(stagedName('out/renderer/index.html')).toBe('out/renderer/index.html');
    expect(stagedName('package.json')).toBe('package.json');
  });

  it("are all listed by the tool's own file lister once staged", async () => {
    const targets = scanTargets(root);
    const dir = join(root, 'staged');
    const names = stage(root, dir, targets);
    const listed = (await toolUtil.list_files(dir)).map((file) => names.get(relative(dir, file)));
    expect(listed.sort()).toEqual(targets);
  });
});
