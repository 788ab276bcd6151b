import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NEEDS_ISOLATION, REPLACES_FOR_THE_FILE } from '../support/unit-isolation';

const root = resolve(__dirname, '../..');
const testFiles = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

describe('unit files that share one module cache', () => {
  const files = [...testFiles('tests/unit'), ...testFiles('tests/renderer')].map((file) => relative(root, join(root, file)));

  it('leave out every file that replaces a module, a global or the clock for the whole file', () => {
    const replacing = files.filter((file) => REPLACES_FOR_THE_FILE.test(readFileSync(join(root, file), 'utf8')));
    expect(replacing.filter((file) => !NEEDS_ISOLATION.includes(file))).toEqual([]);
  });

  it('name only files that exist', () => {
    expect(NEEDS_ISOLATION.filter((file) => !files.includes(file))).toEqual([]);
  });
});
