import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every file and npm script a document names exists. A move or a rename that forgets a document
 * fails here, naming the document, the line and what it names, so the document is fixed in the same
 * change. Read: README.md, CONTRIBUTING.md, CHANGELOG.md's Unreleased section (released sections
 * describe the tree as it was), docs/**\/*.md and tools/**\/README.md.
 */

const root = join(__dirname, '../../..');

const FOLDERS = String.raw`(?:src|server|tools|tests|docs|functions|resources|\.github|\.ci)\/`;
const ROOT_FILES = String.raw`(?:package(?:-lock)?\.json|tsconfig(?:\.\w+)?\.json|firebase\.json|\.firebaserc|firestore\.rules|firestore\.indexes\.json|\.nvmrc|\.editorconfig|\.prettierrc\.json|\.prettierignore|renovate\.json|electron-builder\.yml|eslint\.config\.mjs|playwright\.config\.ts|vitest\.config\.mts|electron\.vite\.config\.ts|README\.md|CONTRIBUTING\.md|CHANGELOG\.md)`;
/** Paths written from the repository's root, wherever they stand: backticked, linked or plain. */
const ROOTED = new RegExp(String.raw`(?<![\w/.@~%-])(${FOLDERS}[\w./*<>{}…-]*)`, 'g');
/** The repository's own files at its root, named bare. */
const ROOT_FILE = new RegExp(String.raw`(?<![\w/.-])(${ROOT_FILES})(?![\w/-])`, 'g');
const NOT_A_TOOL_FILE = new RegExp(String.raw`^(?:${FOLDERS}|${ROOT_FILES}$)`);
/** A Markdown link's target, resolved from the document's folder. */
const LINK = /\]\(([^)\s]+)\)/g;
/** In a tool's README, a backticked file of that tool, named from the README's folder. */
const TOOL_FILE = /`([\w*<>{}-][\w./*<>{}-]*(?:\.(?:ts|mts|mjs|js|json)|\/))`/g;
const SCRIPT = /\bnpm run(?:\s+(?:-s|--silent))?\s+([\w:.-]+)|\bnpm (start|test)\b/g;
/** Build output, generated folders and the functions' per-project parameters: named in documents, absent from a checkout. */
const GENERATED = /^(?:out|dist|server\/dist|functions\/lib|functions\/\.env\.[^/]+|node_modules|test-results|screenshots|\.ledgerdesk)(?:\/|$)/;
const PLACEHOLDER = /<[^>]*>|\{[^}]*\}|\*|^\.\.\.$|…/;

interface Missing {
  line: number;
  names: string;
}

function documents(): string[] {
  const found = ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md'];
  const walk = (dir: string, keep: (name: string) => boolean): void => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory() && entry.name !== 'node_modules') walk(path, keep);
      else if (entry.isFile() && keep(entry.name)) found.push(path);
    }
  };
  walk('docs', (name) => name.endsWith('.md'));
  walk('tools', (name) => name === 'README.md');
  return found;
}

/** CHANGELOG.md keeps only its Unreleased section; the other lines are blanked, so line numbers stay. */
function readable(document: string, text: string): string[] {
  const lines = text.split('\n');
  if (document !== 'CHANGELOG.md') return lines;
  let inUnreleased = false;
  return lines.map((line) => {
    if (line.startsWith('## ')) inUnreleased = line.startsWith('## [Unreleased]');
    return inUnreleased ? line : '';
  });
}

/** Whether a path (from the root) exists; a placeholder (`<name>`, `{id}`, `*`, `**`, `...`) matches any name. */
function exists(path: string): boolean {
  const segments = path.split('/').filter((segment) => segment !== '' && segment !== '.');
  const walk = (dir: string, rest: string[]): boolean => {
    const [segment, ...after] = rest;
    if (segment === undefined) return true;
    if (segment === '**') return walk(dir, after) || subfolders(dir).some((folder) => walk(folder, rest));
    if (segment === '..' || !PLACEHOLDER.test(segment)) return existsSync(join(dir, segment)) && walk(join(dir, segment), after);
    const pattern = new RegExp(
      `^${segment
        .split(/(<[^>]*>|\{[^}]*\}|\*|\.\.\.|…)/)
        .map((part, i) => (i % 2 === 1 ? '.*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
        .join('')}$`
    );
    return entries(dir).some((name) => pattern.test(name) && walk(join(dir, name), after));
  };
  // A module named as an import names it, without its extension, counts too.
  return walk(root, segments) || ['.ts', '.tsx'].some((extension) => existsSync(join(root, `${path}${extension}`)));
}

function entries(dir: string): string[] {
  try {
    return statSync(dir).isDirectory() ? readdirSync(dir) : [];
  } catch {
    return [];
  }
}

function subfolders(dir: string): string[] {
  return entries(dir)
    .filter((name) => name !== 'node_modules' && name !== '.git')
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isDirectory());
}

/** Whether a file of this name exists anywhere under the folder (a tool's README names its files by name). */
function under(folder: string, name: string): boolean {
  return exists(`${folder}/${name}`) || subfolders(join(root, folder)).some((sub) => under(relative(root, sub), name));
}

/** What each match of the pattern captured (its first group that took part). */
function captured(text: string, pattern: RegExp): string[] {
  return [...text.matchAll(pattern)].map((match) => match.slice(1).find((group) => group !== undefined) ?? '');
}

function tidy(path: string): string {
  return path.replace(/[.,;:)]+$/, '');
}

/** The files and scripts a document names that do not exist. */
function missingIn(document: string, text: string, scripts: Record<string, string>): Missing[] {
  const folder = dirname(document);
  const missing: Missing[] = [];
  const seen = new Set<string>();
  const report = (line: number, names: string): void => {
    if (seen.has(names)) return;
    seen.add(names);
    missing.push({ line, names });
  };
  readable(document, text).forEach((text, i) => {
    const line = i + 1;
    for (const found of captured(text, ROOTED)) {
      const path = tidy(found);
      if (!GENERATED.test(path) && !exists(path)) report(line, `\`${path}\``);
    }
    for (const file of captured(text, ROOT_FILE)) if (!existsSync(join(root, file))) report(line, `\`${file}\``);
    for (const target of captured(text, LINK)) {
      if (/^(?:[a-z]+:|#)/i.test(target)) continue;
      const path = relative(root, join(root, folder, decodeURI(target.replace(/#.*$/, ''))));
      if (!GENERATED.test(path) && !exists(path)) report(line, `a link to ${target}`);
    }
    if (document.startsWith('tools/')) {
      for (const file of captured(text, TOOL_FILE)) {
        if (NOT_A_TOOL_FILE.test(file) || GENERATED.test(file)) continue;
        const found = file.includes('/') ? exists(`${folder}/${file}`) : under(folder, file);
        if (!found) report(line, `\`${file}\` (in ${folder}/)`);
      }
    }
    for (const script of captured(text, SCRIPT)) {
      if (!(script in scripts)) report(line, `npm script \`${script}\``);
    }
  });
  return missing;
}

const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('what the documents name exists', () => {
  it.each(documents())('%s', (document) => {
    const missing = missingIn(document, readFileSync(join(root, document), 'utf8'), scripts);
    expect(missing.map(({ line, names }) => `${document}:${line} names ${names}, which does not exist`)).toEqual([]);
  });
});

describe('the check itself', () => {
  const named = (document: string, text: string): string[] => missingIn(document, text, scripts).map(({ names }) => names);

  it('finds a file or a script that is not there, backticked, linked or plain', () => {
    const text = [
      'See `src/shared/nowhere.ts`, [the guide](docs/nowhere.md) and tests/unit/nowhere.test.ts.',
      'Run `npm run no-such-script`, then `firebase.json` and `vitest.config.mts` (both exist).',
      'In a tool: `nowhere.ts`.'
    ].join('\n');
    expect(named('tools/bench/README.md', text)).toEqual([
      '`src/shared/nowhere.ts`',
      '`docs/nowhere.md`',
      '`tests/unit/nowhere.test.ts`',
      'a link to docs/nowhere.md',
      'npm script `no-such-script`',
      '`nowhere.ts` (in tools/bench/)'
    ]);
  });

  it('passes what exists, placeholders that match something, relative links and build output', () => {
    const text = [
      '`src/shared/contract.ts`, `src/main/rpc/dispatcher` (a module), `src/main/handlers/<namespace>.ts`, `docs/**/*.md`, (src/..., server/...).',
      'A [link](../README.md#ledgerdesk) and [a site](https://ledgerdesk.test); `out/main/web.js`, `server/dist/index.js`.',
      '`npm run -s bench`, `npm test`, `npm start` and `package.json`.'
    ].join('\n');
    expect(named('docs/example.md', text)).toEqual([]);
  });

  it('refuses a placeholder that matches nothing', () => {
    expect(named('docs/example.md', '`src/main/nowhere/<namespace>.ts`')).toEqual(['`src/main/nowhere/<namespace>.ts`']);
  });

  it('reads only the Unreleased section of the changelog', () => {
    const text = ['## [Unreleased]', '- `src/shared/gone.ts`', '## [0.1.0] - 2026-11-22', '- `src/shared/old.ts`'].join('\n');
    expect(missingIn('CHANGELOG.md', text, scripts)).toEqual([{ line: 2, names: '`src/shared/gone.ts`' }]);
  });
});
