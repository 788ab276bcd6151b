import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../../../..');
const readJson = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8'));

interface Rule {
  groupName?: string;
  matchPackageNames?: string[];
  matchManagers?: string[];
}
const renovate = readJson('renovate.json') as { schedule: string[]; extends: string[]; packageRules: Rule[] };
const pkg = readJson('package.json') as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
const dependencies = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });

// Renovate's globs as used here: `*` within one part of a name, `**` across the scope's slash.
const matches = (pattern: string, name: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\*\*/g, '\u0000')
      .replace(/\*/g, '[^/]*')
      .replace(/\u0000/g, '.*')}$`
  ).test(name);
const groupOf = (name: string) =>
  renovate.packageRules.find((rule) => rule.groupName && rule.matchPackageNames?.some((pattern) => matches(pattern, name)))?.groupName;

describe('dependency updates (renovate.json)', () => {
  it('come on a schedule, actions pinned by commit', () => {
    expect(renovate.schedule).toEqual(['before 6am on monday']);
    expect(renovate.extends).toContain('helpers:pinGitHubActionDigests');
    expect(renovate.packageRules.find((rule) => rule.matchManagers?.includes('github-actions'))?.groupName).toBe('GitHub Actions');
  });

  it('group Electron, Firebase and the tooling, each in one pull request, today’s packages and tomorrow’s', () => {
    const electron = dependencies.filter((name) => /^(@electron\/|electron)/.test(name));
    const firebase = dependencies.filter((name) => /^(@firebase\/|firebase)/.test(name));
    expect(electron.length).toBeGreaterThanOrEqual(5);
    expect(firebase.length).toBeGreaterThanOrEqual(5);
    for (const name of [...electron, '@electron/notarize']) expect(groupOf(name), name).toBe('Electron');
    for (const name of [...firebase, '@firebase/firestore']) expect(groupOf(name), name).toBe('Firebase');
    for (const name of ['eslint', 'eslint-plugin-boundaries', 'typescript-eslint', 'prettier', 'typescript', 'vitest', '@playwright/test', '@types/react']) {
      expect(groupOf(name), name).toBe('Tooling');
    }
  });

  it('leave what the app is made of (React, zod, ...) to pull requests of their own', () => {
    for (const name of ['react', 'zod', 'react-router-dom', 'electronegativity']) expect(groupOf(name), name).toBeUndefined();
  });
});
