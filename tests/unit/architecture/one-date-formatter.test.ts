import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every time on screen is in the zone this computer chose (its own, UTC or the platform's) and names
// it, because one formatter (src/renderer/src/lib/format.ts) turns instants into text and days into
// instants. A screen that formats a date itself, or reads the computer's clock fields, shows the
// computer's zone whatever was chosen, and says nothing about it.
const root = join(import.meta.dirname, '../../..');
const renderer = 'src/renderer/src';
const FORMATTER = `${renderer}/lib/format.ts`;

const FORMATS_ITSELF: Array<[RegExp, string]> = [
  [/\.toLocale(?:Date|Time)?String\(/, 'toLocale*String'],
  [/\bIntl\.DateTimeFormat\b/, 'Intl.DateTimeFormat'],
  [/from ['"]date-fns(?:-tz)?(?:\/[^'"]*)?['"]/, 'date-fns'],
  [/\.(?:getFullYear|getMonth|getDate|getDay|getHours|getMinutes|getTimezoneOffset|setHours|setDate)\(/, 'the computer zone’s clock fields'],
  [/\.to(?:Date|Time)String\(/, 'toDateString/toTimeString']
];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** "file:line uses what" for each line of `files` that formats a date itself. */
const selfFormatted = (files: Array<[path: string, text: string]>): string[] =>
  files.flatMap(([path, text]) =>
    text.split('\n').flatMap((line, i) => FORMATS_ITSELF.filter(([pattern]) => pattern.test(line)).map(([, what]) => `${path}:${i + 1} uses ${what}`))
  );

describe('one formatter decides how a time reads', () => {
  it('no renderer file but lib/format.ts turns a date into text or reads its zone’s fields', () => {
    const files = sourceFiles(renderer)
      .filter((path) => path !== FORMATTER)
      .map((path): [string, string] => [path, readFileSync(join(root, path), 'utf8')]);
    expect(files.length).toBeGreaterThan(100);
    expect(selfFormatted(files)).toEqual([]);
  });

  it('finds a screen that does', () => {
    const screen = [
      'const when = new Date(row.at).toLocaleString();',
      "const day = new Intl.DateTimeFormat('en-US').format(at);",
      "import { format } from 'date-fns';",
      'const hour = at.getHours();'
    ].join('\n');
    expect(selfFormatted([['Screen.tsx', screen]])).toEqual([
      'Screen.tsx:1 uses toLocale*String',
      'Screen.tsx:2 uses Intl.DateTimeFormat',
      'Screen.tsx:3 uses date-fns',
      'Screen.tsx:4 uses the computer zone’s clock fields'
    ]);
  });
});
