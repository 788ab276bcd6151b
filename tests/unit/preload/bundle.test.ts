import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The sandboxed preload cannot require anything at run time but `electron`: its bundle must pull in
// local files and `electron` only. Lint checks each import (docs/architecture.md §5); this follows them
// all the way down, which lint cannot. (That only the Electron entry loads `electron` is a lint rule.)

const repo = resolve(__dirname, '../../..');

/** Module specifiers a file loads at run time; `import type` is erased by the compiler. */
function runtimeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const found: string[] = [];
  const patterns = [
    /^\s*(?:import|export)\s+(?!type\s)[^'";]*?\bfrom\s+['"]([^'"]+)['"]/gm,
    /^\s*import\s+['"]([^'"]+)['"]/gm,
    /\b(?:import|require)\s*\(\s*['"]([^'"]+)['"]\s*\)/g
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.push(match[1] as string);
  return found;
}

const resolveLocal = (from: string, specifier: string): string => {
  const base = resolve(dirname(from), specifier);
  return base.endsWith('.ts') ? base : `${base}.ts`;
};

describe('preload bundle', () => {
  it('finds runtime imports and skips type-only ones (so the checks below can fail)', () => {
    const sample = join(repo, 'src/main/electron/window.ts');
    expect(readFileSync(sample, 'utf8')).toMatch(/import type .* from 'electron'/);
    expect(runtimeImports(sample)).not.toContain('electron');
    expect(runtimeImports(join(repo, 'src/main/electron/index.ts'))).toContain('electron');
  });

  it('bundles the preload from local files plus `electron` only', () => {
    const seen = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const specifier of runtimeImports(file)) {
        if (specifier.startsWith('.')) visit(resolveLocal(file, specifier));
        else packages.add(specifier);
      }
    };
    visit(join(repo, 'src/preload/index.ts'));
    expect([...packages]).toEqual(['electron']);
    const relative = [...seen].map((file) => file.slice(repo.length + 1)).sort();
    expect(relative).toEqual(['src/preload/index.ts', 'src/shared/methods.ts', 'src/shared/windowApi.ts']);
  });
});
