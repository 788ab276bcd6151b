import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const testFiles = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

/** The files vitest.config.mts runs in a module cache of their own (its NEEDS_ISOLATION list). */
function isolatedFiles(): string[] {
  const config = readFileSync(join(root, 'vitest.config.mts'), 'utf8');
  const list = /const NEEDS_ISOLATION = \[([^\]]*)\]/.exec(config)?.[1] ?? '';
  return [...list.matchAll(/'([^']+)'/g)].map((match) => match[1]!);
}

/** What replaces something for a whole file. */
const REPLACES_FOR_THE_FILE = /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(/;

describe('unit files that share one module cache', () => {
  const files = [...testFiles('tests/unit'), ...testFiles('tests/renderer')].map((file) => relative(root, join(root, file)));
  const isolated = isolatedFiles();

  it('leave out every file that replaces a module, a global or the clock for the whole file', () => {
    const replacing = files.filter((file) => REPLACES_FOR_THE_FILE.test(readFileSync(join(root, file), 'utf8')));
    expect(replacing.length).toBeGreaterThan(0);
    expect(replacing.filter((file) => !isolated.includes(file))).toEqual([]);
  });

  it('name only files that exist', () => {
    expect(isolated.length).toBeGreaterThan(0);
    expect(isolated.filter((file) => !files.includes(file))).toEqual([]);
  });
});
