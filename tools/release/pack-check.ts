/**
 * `npm run pack:check`: package Ledgerdesk with electron-builder (--dir, Linux x64) against a
 * STAND-IN Electron folder, then inspect what the installer would carry. No Electron binary can
 * be downloaded on our build machines, so this proves the contents, not that the app runs.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as asar from '@electron/asar';
import { compareFuses, readFuses, REQUIRED_FUSES, standInWire } from './packaging/fuses';
import { inspectAsar, packageRoot, type Check } from './packaging/inspect';

const root = resolve(__dirname, '../..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const electronVersion: string = JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')).version;
const STAND_IN_NOTICE = 'stand-in: this is not Electron, only a placeholder for packaging checks';

function makeStandIn(): string {
  const dir = join(root, '.ledgerdesk', 'electron-stand-in');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'resources'), { recursive: true });
  // A script that refuses to run, carrying Electron's fuse wire so fuse flipping can be checked.
  const script = Buffer.concat([
    Buffer.from(`#!/bin/sh\necho "${STAND_IN_NOTICE}" >&2\nexit 1\n# `),
    standInWire(),
    Buffer.from('\n')
  ]);
  writeFileSync(join(dir, 'electron'), script);
  chmodSync(join(dir, 'electron'), 0o755);
  writeFileSync(join(dir, 'version'), electronVersion);
  writeFileSync(join(dir, 'LICENSE'), `${STAND_IN_NOTICE}\n`);
  writeFileSync(join(dir, 'README-STAND-IN.txt'), `${STAND_IN_NOTICE}. Made by tools/release/pack-check.ts.\n`);
  return dir;
}

/** The fuses electron-builder.yml asks for (a flat `key: true|false` block). */
function configuredFuses(): Record<string, boolean> {
  const yml = readFileSync(join(root, 'electron-builder.yml'), 'utf8');
  const block = /^electronFuses:\n((?:[ \t]+.*\n|[ \t]*#.*\n)+)/m.exec(yml)?.[1] ?? '';
  const fuses: Record<string, boolean> = {};
  for (const [, name, value] of block.matchAll(/^\s+(\w+):\s*(true|false)/gm)) fuses[name as string] = value === 'true';
  return fuses;
}

function factsFrom(archive: string) {
  const files = asar.listPackage(archive, { isPack: false }).map((p) => p.replace(/\\/g, '/').replace(/^\//, ''));
  const isFile = (p: string) => {
    try {
      return 'size' in asar.statFile(archive, p);
    } catch {
      return false;
    }
  };
  const regular = files.filter(isFile);
  const sourceMaps: Record<string, string> = {};
  for (const file of regular.filter((f) => f.endsWith('.map'))) sourceMaps[file] = asar.extractFile(archive, file).toString('utf8');
  const packages: Record<string, string> = {};
  for (const file of regular) {
    const pkgRoot = packageRoot(file);
    if (!pkgRoot || file !== `${pkgRoot}/package.json`) continue;
    const manifest = JSON.parse(asar.extractFile(archive, file).toString('utf8'));
    // Nested package.json files without a version (e.g. "type" markers) are not packages.
    if (manifest.name && manifest.version) packages[pkgRoot] = `${manifest.name}@${manifest.version}`;
  }
  const unpackedBytes = regular.reduce((sum, f) => sum + Number((asar.statFile(archive, f) as { size?: number }).size ?? 0), 0);
  return {
    facts: {
      files: regular,
      manifest: JSON.parse(asar.extractFile(archive, 'package.json').toString('utf8')),
      lock: JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')).packages,
      packages,
      sourceMaps
    },
    unpackedBytes
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function main(): number {
  const started = Date.now();
  console.log('Building (electron-vite build)...');
  execFileSync(bin('electron-vite'), ['build'], { cwd: root, stdio: 'ignore' });

  const standIn = makeStandIn();
  const output = mkdtempSync(join(tmpdir(), 'ledgerdesk-pack-'));
  console.log(`Packaging with electron-builder --dir against the stand-in Electron ${electronVersion} (${standIn})...`);
  const packed = spawnSync(
    bin('electron-builder'),
    [
      '--dir', '--linux', '--x64', '--publish', 'never',
      `-c.electronDist=${standIn}`,
      `-c.electronVersion=${electronVersion}`,
      `-c.directories.output=${output}`
    ],
    {
      cwd: root,
      encoding: 'utf8',
      env: {
        ...process.env,
        CSC_IDENTITY_AUTO_DISCOVERY: 'false',
        // The update feed is baked in at build time; any address will do for a contents check.
        LEDGERDESK_UPDATE_URL: process.env.LEDGERDESK_UPDATE_URL ?? 'https://updates.ledgerdesk.invalid/'
      }
    }
  );
  if (packed.status !== 0) {
    console.error(packed.stdout, packed.stderr);
    console.error('✗ electron-builder failed');
    return 1;
  }

  const unpacked = join(output, 'linux-unpacked');
  const archive = join(unpacked, 'resources', 'app.asar');
  const { facts, unpackedBytes } = factsFrom(archive);
  const checks: Check[] = inspectAsar(facts);

  const wire = readFuses(readFileSync(join(unpacked, 'ledgerdesk')));
  const fuseProblems = compareFuses(configuredFuses(), wire);
  checks.push({ name: 'fuses flipped as electron-builder.yml says', ok: fuseProblems.length === 0, detail: fuseProblems.join('; ') });
  const unhardened = compareFuses(REQUIRED_FUSES, wire);
  checks.push({ name: 'fuses give the required hardening', ok: unhardened.length === 0, detail: unhardened.join('; ') });
  checks.push({
    name: 'auto-update feed baked in (app-update.yml)',
    ok: existsSync(join(unpacked, 'resources', 'app-update.yml'))
  });

  console.log('\nInside resources/app.asar:');
  for (const check of checks) console.log(`  ${check.ok ? '✓' : '✗'} ${check.name}${!check.ok && check.detail ? `: ${check.detail}` : ''}`);
  console.log(
    `\napp.asar: ${mb(statSync(archive).size)}, ${facts.files.length} files (${mb(unpackedBytes)} unpacked); ` +
      `checked in ${((Date.now() - started) / 1000).toFixed(0)} s.`
  );
  console.log('This proves what goes into an installer, not that the installer runs: no Electron binary could be downloaded here.');
  rmSync(output, { recursive: true, force: true });
  return checks.every((check) => check.ok) ? 0 : 1;
}

process.exit(main());
