import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// `npm run lint` holds the page to React's rules of hooks (eslint-plugin-react-hooks, eslint.config.mjs):
// these components, linted in memory at a screen's path, prove the rules bite there.
const eslint = new ESLint({ cwd: resolve(__dirname, '../..') });
const screenFile = 'src/renderer/src/features/send-mail/x.tsx';

const hookFindings = async (code: string): Promise<string[]> => {
  const [result] = await eslint.lintText(code, { filePath: screenFile });
  return (result?.messages ?? []).filter((m) => m.ruleId?.startsWith('react-hooks/') && m.severity === 2).map((m) => m.ruleId!);
};

describe('the rules of hooks in the renderer', () => {
  it('refuse a hook called on a condition', async () => {
    const code = [
      "import { useState } from 'react';",
      'export function Panel({ open }: { open: boolean }) {',
      '  if (!open) return null;',
      "  const [text] = useState('');",
      '  return <p>{text}</p>;',
      '}'
    ].join('\n');
    expect(await hookFindings(code)).toContain('react-hooks/rules-of-hooks');
  });

  it('refuse an effect that does not list what it reads', async () => {
    const code = [
      "import { useEffect } from 'react';",
      'export function Title({ name }: { name: string }) {',
      '  useEffect(() => {',
      '    document.title = name;',
      '  }, []);',
      '  return null;',
      '}'
    ].join('\n');
    expect(await hookFindings(code)).toEqual(['react-hooks/exhaustive-deps']);
  });

  it('accept the same effect listing it', async () => {
    const code = [
      "import { useEffect } from 'react';",
      'export function Title({ name }: { name: string }) {',
      '  useEffect(() => {',
      '    document.title = name;',
      '  }, [name]);',
      '  return null;',
      '}'
    ].join('\n');
    expect(await hookFindings(code)).toEqual([]);
  });
});
