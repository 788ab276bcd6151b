/**
 * `npm run pack:check`: build Ledgerdesk's Linux AppImage and deb with electron-builder, as
 * `npm run dist` does (two runs), against STAND-INS (Electron, the AppImage runtime, fpm), then
 * open them: what app.asar carries, the fuses, the feed, each package's package-type, the deb's
 * AppArmor profile, the AppImage's sandbox decision. With WIN_PUBLISHER_NAME set, it also checks
 * that the Windows build bakes that publisher into app-update.yml. No Electron binary can be
 * downloaded on our build machines, so this proves the contents, not that the app runs.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as asar from '@electron/asar';
import { parse } from 'yaml';
import { windowsSigningArgs } from './releasing/plan';
import { compareFuses, readFuses, REQUIRED_FUSES, standInWire } from './packaging/fuses';
import { inspectAsar, packageRoot, type Check } from './packaging/inspect';
import { inspectAppImage, inspectDeb, inspectLinuxFeed } from './packaging/linux';
import { ensureBuilt } from './ensureBuilt';
import { buildLinuxPackages, missingTools } from './packaging/linux-packages';
import { exitWhenPrinted } from '../exit-when-printed';

const root = resolve(__dirname, '../..');
const electronVersion: string = JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')).version;
const STAND_IN_NOTICE = 'stand-in: this is not Electron, only a placeholder for packaging checks';

function makeStandIn(): string {
  const dir = join(root, '.ledgerdesk', 'electron-stand-in');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'resources'), { recursive: true });
  // A script that refuses to run, carrying Electron's fuse wire so fuse flipping can be checked.
  const script = Buffer.concat([Buffer.from(`#!/bin/sh\necho "${STAND_IN_NOTICE}" >&2\nexit 1\n# `), standInWire(), Buffer.from('\n')]);
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
  const mainScripts: Record<string, string> = {};
  for (const file of regular.filter((f) => /^out\/main\/.*\.[cm]?js$/.test(f))) mainScripts[file] = asar.extractFile(archive, file).toString('utf8');
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
      sourceMaps,
      mainScripts
    },
    unpackedBytes
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const INSTALL_DIR = '/opt/Ledgerdesk';
const EXECUTABLE = 'ledgerdesk';

/** The publisher a Windows build would bake into app-update.yml, read back from a packed folder. */
function windowsPublisher(standIn: string, env: NodeJS.ProcessEnv): string | null {
  const winStandIn = mkdtempSync(join(tmpdir(), 'ledgerdesk-win-stand-in-'));
  const output = mkdtempSync(join(tmpdir(), 'ledgerdesk-win-pack-'));
  const captured = join(output, 'app-update.yml');
  try {
    execFileSync('cp', ['-r', `${standIn}/.`, winStandIn]);
    execFileSync('mv', [join(winStandIn, 'electron'), join(winStandIn, 'electron.exe')]);
    const signing = windowsSigningArgs(env);
    const publisherArgs = signing.signed ? signing.args : [`-c.win.signtoolOptions.publisherName=${env.WIN_PUBLISHER_NAME}`];
    const packed = spawnSync(
      process.execPath,
      [
        join(root, 'node_modules', 'electron-builder', 'cli.js'),
        '--win',
        'nsis',
        '--x64',
        '--publish',
        'never',
        `-c.electronDist=${winStandIn}`,
        `-c.electronVersion=${electronVersion}`,
        `-c.directories.output=${output}`,
        // The stand-in is no Windows executable: nothing to sign or stamp, and no asar integrity resource to add.
        '-c.win.signAndEditExecutable=false',
        '-c.asar=false',
        '-c.afterPack=./tools/release/packaging/capture-after-pack.mjs',
        ...publisherArgs
      ],
      { cwd: root, encoding: 'utf8', env: { ...env, LEDGERDESK_CAPTURE_TO: captured } }
    );
    if (packed.status !== 0 || !existsSync(captured)) {
      console.error(packed.stdout, packed.stderr);
      return null;
    }
    const names = (parse(readFileSync(captured, 'utf8')) as { publisherName?: string | string[] }).publisherName;
    return [names ?? []].flat().join('; ');
  } finally {
    rmSync(winStandIn, { recursive: true, force: true });
    rmSync(output, { recursive: true, force: true });
  }
}

function main(): number {
  const started = Date.now();
  const missing = missingTools();
  if (missing) {
    console.error(`✗ ${missing}`);
    return 1;
  }
  ensureBuilt(root);

  const standIn = makeStandIn();
  const work = mkdtempSync(join(tmpdir(), 'ledgerdesk-pack-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CSC_IDENTITY_AUTO_DISCOVERY: 'false',
    // The update feed is baked in at build time; any address will do for a contents check.
    LEDGERDESK_UPDATE_URL: process.env.LEDGERDESK_UPDATE_URL ?? 'https://updates.ledgerdesk.invalid/'
  };
  console.log(`Packaging the AppImage and the deb (two electron-builder runs) against the stand-in Electron ${electronVersion} (${standIn})...`);
  let linux;
  try {
    linux = buildLinuxPackages({
      root,
      work,
      env,
      builderArgs: [`-c.electronDist=${standIn}`, `-c.electronVersion=${electronVersion}`],
      executable: EXECUTABLE,
      installDir: INSTALL_DIR
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    console.error('✗ electron-builder failed');
    rmSync(work, { recursive: true, force: true });
    return 1;
  }

  const unpacked = linux.unpacked;
  const archive = join(unpacked, 'resources', 'app.asar');
  const { facts, unpackedBytes } = factsFrom(archive);
  const checks: Check[] = inspectAsar(facts);

  const wire = readFuses(readFileSync(join(unpacked, EXECUTABLE)));
  const fuseProblems = compareFuses(configuredFuses(), wire);
  checks.push({ name: 'fuses flipped as electron-builder.yml says', ok: fuseProblems.length === 0, detail: fuseProblems.join('; ') });
  const unhardened = compareFuses(REQUIRED_FUSES, wire);
  checks.push({ name: 'fuses give the required hardening', ok: unhardened.length === 0, detail: unhardened.join('; ') });
  checks.push({
    name: 'auto-update feed baked in (app-update.yml)',
    ok: existsSync(join(unpacked, 'resources', 'app-update.yml'))
  });

  const packages: Check[] = [
    ...inspectAppImage(linux.appImage),
    ...inspectDeb(linux.deb, { executable: EXECUTABLE, installDir: INSTALL_DIR }),
    inspectLinuxFeed(linux.feedUrls)
  ];
  const publisher = process.env.WIN_PUBLISHER_NAME?.trim();
  if (publisher) {
    console.log(`Packing for Windows to read back the publisher (${publisher})...`);
    const baked = windowsPublisher(standIn, env);
    packages.push({
      name: 'Windows app-update.yml names the publisher updates must be signed by',
      ok: baked === publisher,
      detail: baked === null ? 'the Windows pack failed' : `found "${baked}"`
    });
  }

  const show = (check: Check) => console.log(`  ${check.ok ? '✓' : '✗'} ${check.name}${!check.ok && check.detail ? `: ${check.detail}` : ''}`);
  console.log('\nInside resources/app.asar:');
  checks.forEach(show);
  console.log('\nThe packages:');
  packages.forEach(show);
  if (!publisher) console.log('  - no WIN_PUBLISHER_NAME: the Windows publisher check was not run');
  console.log(
    `\napp.asar: ${mb(statSync(archive).size)}, ${facts.files.length} files (${mb(unpackedBytes)} unpacked); ` +
      `checked in ${((Date.now() - started) / 1000).toFixed(0)} s.`
  );
  console.log('This proves what goes into the installers, not that they run: no Electron binary could be downloaded here.');
  rmSync(work, { recursive: true, force: true });
  return [...checks, ...packages].every((check) => check.ok) ? 0 : 1;
}

exitWhenPrinted(main());
