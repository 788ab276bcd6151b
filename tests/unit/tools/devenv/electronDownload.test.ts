import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodeCanRunElectronInstaller } from '../../../../tools/devenv/start/decide';
import { downloadElectron, electronBinary, electronPackage, type ElectronPackage, type Progress } from '../../../../tools/devenv/start/electron';
import { storedZip } from '../../../support/standInZip';

// `npm start`'s download path against a local mirror (ELECTRON_MIRROR on a loopback server) serving
// a stand-in archive: Electron's own @electron/get and install.js run for real, on a copy of
// node_modules/electron in a scratch folder (the shared one is never touched).
const root = resolve(__dirname, '../../../..');
const real = electronPackage(root)!;
const platform = process.platform;
const arch = process.arch;
const zipName = `electron-v${real.version}-${platform}-${arch}.zip`;
const executable = platform === 'win32' ? 'electron.exe' : 'electron';
const archive = storedZip([
  { name: executable, content: '#!/bin/sh\necho "stand-in Electron $*"\n', mode: 0o755 },
  { name: 'version', content: `v${real.version}` }
]);
const sha = createHash('sha256').update(archive).digest('hex');

type Answer = (path: string, res: import('node:http').ServerResponse) => boolean;

let scratch: string;
let pkg: ElectronPackage;
let server: Server;
let requests: string[];
let answer: Answer | null;
let mirror: string;

beforeEach(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'ledgerdesk-electron-download-'));
  const modules = join(scratch, 'node_modules');
  mkdirSync(join(modules, '@electron'), { recursive: true });
  mkdirSync(join(modules, '@electron-internal'), { recursive: true });
  cpSync(real.dir, join(modules, 'electron'), { recursive: true, filter: (src) => !/[\\/](dist|path\.txt)$/.test(src) });
  // Resolved through their real paths, so their own dependencies come from the project.
  symlinkSync(join(root, 'node_modules/@electron/get'), join(modules, '@electron/get'), 'dir');
  symlinkSync(join(root, 'node_modules/@electron-internal/extract-zip'), join(modules, '@electron-internal/extract-zip'), 'dir');
  pkg = { dir: join(modules, 'electron'), version: real.version };

  requests = [];
  answer = null;
  server = createServer((req, res) => {
    const path = req.url ?? '';
    requests.push(path);
    if (answer?.(path, res)) return;
    if (path === `/v${real.version}/${zipName}`) return void res.writeHead(200, { 'content-length': archive.length }).end(archive);
    if (path === `/v${real.version}/SHASUMS256.txt`) return void res.end(`${sha} *${zipName}\n`);
    res.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  mirror = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
  rmSync(scratch, { recursive: true, force: true });
});

afterAll(() => {
  // The real package is as it was: no dist/ or path.txt appeared in the shared node_modules.
  expect(existsSync(join(real.dir, 'path.txt'))).toBe(existsSync(join(real.dir, 'dist')));
});

const envFor = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ELECTRON_MIRROR: mirror,
    electron_use_remote_checksums: '1',
    electron_config_cache: join(scratch, 'cache'),
    ...extra
  };
  delete env.ELECTRON_OVERRIDE_DIST_PATH;
  return env;
};

describe('downloading Electron with its own installer, from a local mirror', () => {
  it("fetches the archive with progress, checks it against the mirror's SHASUMS256.txt, unpacks it and writes path.txt", async () => {
    const progress: Progress[] = [];
    let installing = 0;
    const outcome = await downloadElectron({ pkg, env: envFor(), onProgress: (p) => progress.push(p), onInstalling: () => installing++ });

    expect(outcome).toEqual({ ok: true, binary: join(pkg.dir, 'dist', executable) });
    expect(electronBinary(pkg.dir, envFor())).toBe(join(pkg.dir, 'dist', executable));
    expect(readFileSync(join(pkg.dir, 'path.txt'), 'utf8')).toBe(executable);
    expect(readFileSync(join(pkg.dir, 'dist', 'version'), 'utf8')).toBe(`v${real.version}`);
    if (platform !== 'win32') expect(statSync(join(pkg.dir, 'dist', executable)).mode & 0o111).not.toBe(0);
    expect(progress.at(-1)).toEqual({ transferred: archive.length, total: archive.length });
    expect(installing).toBe(1);
    // One download: install.js found the archive in Electron's cache; the checksums were asked each time.
    expect(requests.filter((r) => r.endsWith('.zip'))).toHaveLength(1);
    expect(requests.filter((r) => r.endsWith('SHASUMS256.txt')).length).toBeGreaterThanOrEqual(1);
    expect(spawnSync(outcome.ok ? outcome.binary : '', ['.'], { encoding: 'utf8' }).stdout).toBe('stand-in Electron .\n');
  });

  it('refuses the stand-in against the checksums shipped in the electron package (the default)', async () => {
    const outcome = await downloadElectron({ pkg, env: envFor({ electron_use_remote_checksums: '' }) });
    expect(outcome).toMatchObject({ ok: false, reason: expect.stringMatching(/checksum/i) });
    expect(existsSync(join(pkg.dir, 'path.txt'))).toBe(false);
  });

  it("refuses an archive whose checksum does not match the mirror's list", async () => {
    answer = (path, res) => (path.endsWith('SHASUMS256.txt') ? (res.end(`${'0'.repeat(64)} *${zipName}\n`), true) : false);
    const outcome = await downloadElectron({ pkg, env: envFor() });
    expect(outcome).toMatchObject({ ok: false, reason: expect.stringMatching(/checksum/i) });
  });

  it('says what the server answered when the archive is not there', async () => {
    answer = (path, res) => (path.endsWith('.zip') ? (res.writeHead(404).end(), true) : false);
    const outcome = await downloadElectron({ pkg, env: envFor() });
    expect(outcome).toMatchObject({ ok: false, reason: expect.stringContaining('404') });
  });

  it('says why when nothing answers', async () => {
    const outcome = await downloadElectron({ pkg, env: envFor({ ELECTRON_MIRROR: 'http://127.0.0.1:9/' }) });
    expect(outcome).toMatchObject({ ok: false, reason: expect.stringMatching(/ECONNREFUSED|fetch failed/) });
  });

  it('gives up on a download that stops sending', async () => {
    answer = (path, res) => {
      if (!path.endsWith('.zip')) return false;
      res.writeHead(200, { 'content-length': archive.length * 10 });
      res.write(archive.subarray(0, 10)); // ...and nothing more
      return true;
    };
    const outcome = await downloadElectron({ pkg, env: envFor(), stallMs: 1_000 });
    expect(outcome).toEqual({ ok: false, reason: 'no data for 1 s' });
  });

  it('stops when asked (Ctrl+C)', async () => {
    answer = (path, res) => (path.endsWith('.zip') ? (res.writeHead(200, { 'content-length': 1e6 }).write('x'), true) : false);
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 300);
    expect(await downloadElectron({ pkg, env: envFor(), signal: abort.signal })).toEqual({ ok: false, reason: 'stopped' });
  });
});

describe("Electron's installer on a Node that cannot require() an ES module", () => {
  // Node 20.19+/22.12+ can turn require(esm) off, which is how older Nodes behave.
  it.runIf(nodeCanRunElectronInstaller(process.versions.node))('stops at its first line with ERR_REQUIRE_ESM', () => {
    const run = spawnSync(process.execPath, ['--no-experimental-require-module', join(pkg.dir, 'install.js')], { env: envFor(), encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('ERR_REQUIRE_ESM');
    expect(requests).toEqual([]);
  });
});
