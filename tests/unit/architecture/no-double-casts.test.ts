import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// `as unknown as T` tells the compiler to forget what it knows: a value then travels as a type it may
// not have, and the mistake surfaces as a wrong figure on a screen instead of a type error. Production
// code declares what a value is (a schema, a port, a narrower type) instead; tests may still fake.
const root = resolve(import.meta.dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return ['node_modules', 'dist', 'lib'].includes(entry.name) ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

describe('no value is forced through unknown into another type', () => {
  it.each(['src', 'server', 'functions/src'])('in %s', (dir) => {
    const forced = sourceFiles(dir).flatMap((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (/\bas unknown as\b/.test(line) ? [`${relative(root, join(root, file))}:${i + 1}`] : []))
    );
    expect(forced).toEqual([]);
  });
});
