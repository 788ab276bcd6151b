import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import madge from 'madge';
import { afterAll, describe, expect, it } from 'vitest';

// No file imports a module that imports it back, however far round: a circle makes the load order
// matter and hides which of the files is the lower one. Type-only imports count too, since a newcomer
// reads them as the same dependency.
const root = resolve(import.meta.dirname, '../../..');

const options = (tsConfig: string) => ({
  baseDir: root,
  fileExtensions: ['ts', 'tsx', 'mts', 'mjs'],
  tsConfig: join(root, tsConfig),
  detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } }
});

/** An import madge could not follow to a file is a circle it could not see, unless it names an installed package. */
const packageOf = (name: string): string =>
  name
    .split('/')
    .slice(0, name.startsWith('@') ? 2 : 1)
    .join('/');
const unfollowed = (skipped: string[]): string[] => skipped.filter((name) => !existsSync(join(root, 'node_modules', packageOf(name), 'package.json')));

async function circlesIn(paths: string[], tsConfig: string): Promise<{ circles: string[][]; unfollowed: string[] }> {
  const graph = await madge(paths, options(tsConfig));
  return { circles: graph.circular(), unfollowed: unfollowed(graph.warnings().skipped) };
}

describe('import circles', () => {
  // Each process resolves its imports with its own tsconfig; the renderer cannot import main, so no circle spans the two.
  it.each([
    [
      'the main process, preload, shared, backend host, functions and tools',
      ['src/main', 'src/preload', 'src/shared', 'server', 'functions/src', 'tools'],
      'tsconfig.node.json'
    ],
    ['the renderer and shared', ['src/renderer', 'src/shared'], 'tsconfig.web.json']
  ])(
    'none in %s',
    async (_name, folders, tsConfig) => {
      const found = await circlesIn(
        folders.map((folder) => join(root, folder)),
        tsConfig
      );
      expect(found.unfollowed).toEqual([]);
      expect(found.circles.map((circle) => circle.join(' > '))).toEqual([]);
    },
    60_000
  );

  const planted = mkdtempSync(join(tmpdir(), 'ledgerdesk-cycles-'));
  afterAll(() => rmSync(planted, { recursive: true, force: true }));

  it('are found when two files import each other, by a type-only import too', async () => {
    writeFileSync(join(planted, 'deps.ts'), "import type { Route } from './route';\nexport interface Deps { routes: Route[] }\n");
    writeFileSync(join(planted, 'route.ts'), "import type { Deps } from './deps';\nexport type Route = (deps: Deps) => void;\n");
    writeFileSync(join(planted, 'alone.ts'), "import type { Deps } from './deps';\nexport type Alone = Deps;\n");
    const found = await circlesIn([planted], 'tsconfig.node.json');
    expect(found.circles).toHaveLength(1);
    expect(found.circles[0]?.map((file) => file.split('/').pop()).sort()).toEqual(['deps.ts', 'route.ts']);
  });

  it('are not hidden by an import that leads nowhere', async () => {
    writeFileSync(join(planted, 'lost.ts'), "import { gone } from './missing';\nexport const lost = gone;\n");
    expect((await circlesIn([join(planted, 'lost.ts')], 'tsconfig.node.json')).unfollowed).toEqual(['./missing']);
  });
});
