import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { check, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');

describe('formatting', () => {
  it('npm run lint checks every file with the project Prettier settings', () => {
    const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.lint).toContain('prettier --check .');
    expect(scripts.format).toBe('prettier --write .');
  });

  it('finds an unformatted file wanting, and the same code formatted passes', async () => {
    const options = { ...(await resolveConfig(join(root, 'src/main/compose.ts'))), filepath: join(root, 'src/main/x.ts') };
    expect(await check('export const  answer = {a:1,b:"two",}\n', options)).toBe(false);
    expect(await check("export const answer = { a: 1, b: 'two' };\n", options)).toBe(true);
  });
});
