import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMainWindow, type MainWindowLike } from '@main/electron/window';
import { REQUIRED_WEB_PREFERENCES } from '../../../support/requiredWebPreferences';

// window.test.ts pins windowOptions() exactly; this file proves that no window escapes it: the
// only window anywhere in src/ is the factory that createMainWindow feeds with windowOptions().

const repo = resolve(__dirname, '../../../..');
const entry = 'src/main/electron/index.ts';
const factory = /createMainWindow\(\{\s*create:\s*\((\w+)\)\s*=>\s*new BrowserWindow\(\1\)\s*,/;
// Every Electron class that owns web contents takes webPreferences, so each counts as a window.
const construction = /\bnew\s+(?:[\w$]+\s*\.\s*)?(BrowserWindow|BrowserView|WebContentsView|BaseWindow)\s*\(/g;
// An alias (`BrowserWindow as Win`, `{ BrowserWindow: Win }`, `= BrowserWindow`) would dodge the scan.
const alias = /\bBrowserWindow\s+as\s+\w|\bBrowserWindow\s*:\s*[\w$]+\s*[,}]|=\s*(?:[\w$]+\.)?BrowserWindow\s*[;\n]/g;

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
    const path = join(dir, item.name);
    if (item.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|cts)$/.test(item.name) && !item.name.endsWith('.d.ts') ? [path] : [];
  });

interface Hit {
  file: string;
  line: number;
  text: string;
  offset: number;
}

function hits(pattern: RegExp): Hit[] {
  return sourceFiles(join(repo, 'src')).flatMap((path) => {
    const source = readFileSync(path, 'utf8');
    const file = relative(repo, path).split(sep).join('/');
    return [...source.matchAll(pattern)].map((match) => ({
      file,
      offset: match.index,
      line: source.slice(0, match.index).split('\n').length,
      text: match[0]
    }));
  });
}

const at = (hit: Hit) => `${hit.file}:${hit.line}: ${hit.text}`;

describe('every window in src/', () => {
  it('is created only by the factory in src/main/electron/index.ts that createMainWindow calls', () => {
    const windows = hits(construction);
    const source = readFileSync(join(repo, entry), 'utf8');
    const factoryMatch = factory.exec(source);
    expect(factoryMatch, `${entry} no longer hands createMainWindow a plain factory`).not.toBeNull();
    const factoryOffset = (factoryMatch?.index ?? 0) + (factoryMatch?.[0].indexOf('new BrowserWindow') ?? 0);

    const others = windows.filter((hit) => hit.file !== entry || hit.offset !== factoryOffset);
    expect(others.map(at), 'create windows through createMainWindow (window.ts), which applies windowOptions()').toEqual([]);
    expect(windows).toHaveLength(1);
  });

  it('cannot dodge that rule by renaming BrowserWindow', () => {
    expect(hits(alias).map(at)).toEqual([]);
  });

  it('the scan would see the constructions it must refuse', () => {
    const samples = [
      'new BrowserWindow({})',
      'new electron.BrowserWindow(opts)',
      'new  BrowserView ({ webPreferences })',
      'new WebContentsView()',
      'new BaseWindow()'
    ];
    for (const sample of samples) expect(sample.match(construction), sample).not.toBeNull();
    expect('const Win = BrowserWindow;'.match(alias)).not.toBeNull();
    expect("import { BrowserWindow as Win } from 'electron'".match(alias)).not.toBeNull();
    expect('const { BrowserWindow: Win } = electron'.match(alias)).not.toBeNull();
    expect('let mainWindow: BrowserWindow | null = null;'.match(alias)).toBeNull();
  });
});

describe('the window index.ts opens', () => {
  // The path index.ts computes next to its bundle (out/main), so a rename of the preload build
  // output or of this expression cannot leave the window without its bridge.
  const preloadExpression = /const preloadPath = join\(__dirname, '([^']+)'\);/.exec(readFileSync(join(repo, entry), 'utf8'));

  it('loads the preload electron-vite builds: out/preload/index.cjs', () => {
    expect(preloadExpression, `${entry} must compute preloadPath from __dirname`).not.toBeNull();
    expect(resolve(repo, 'out/main', preloadExpression?.[1] ?? '')).toBe(resolve(repo, 'out/preload/index.cjs'));
  });

  it('gets every required webPreference through createMainWindow', () => {
    const preloadPath = resolve(repo, 'out/main', preloadExpression?.[1] ?? '');
    const created: unknown[] = [];
    const fakeWindow: MainWindowLike = { webContents: {}, once: () => undefined, show: () => undefined, loadURL: async () => undefined };
    createMainWindow({
      create: (options) => (created.push(options), fakeWindow),
      preloadPath,
      backgroundColor: '#f8fafc',
      url: 'app://ledgerdesk/',
      prepare: () => undefined,
      onLoadError: () => undefined
    });
    expect(created).toHaveLength(1);
    const { webPreferences } = created[0] as { webPreferences: Record<string, unknown> };
    expect(webPreferences).toMatchObject(REQUIRED_WEB_PREFERENCES);
    expect(String(webPreferences.preload).split(sep).join('/')).toMatch(/(^|\/)out\/preload\/index\.cjs$/);
  });
});
