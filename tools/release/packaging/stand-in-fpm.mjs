#!/usr/bin/env node
// A stand-in for fpm, for `npm run pack:check` only (electron-builder's CUSTOM_FPM_PATH): fpm is a
// Ruby gem electron-builder downloads, which our build machines cannot fetch. It builds the .deb
// from exactly the arguments electron-builder passes, with Debian's dpkg-deb, so the check can
// open the package it would ship. Release builds use the real fpm. Anything it does not know stops it.
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const valued = new Set([
  '-s',
  '-t',
  '-d',
  '--deb-recommends',
  '--deb-compression',
  '--architecture',
  '--after-install',
  '--after-remove',
  '--description',
  '--version',
  '--package',
  '--name',
  '--maintainer',
  '--vendor',
  '--url',
  '--category',
  '--deb-priority',
  '--license',
  '--iteration',
  '--log'
]);
const flags = new Set(['--force', '--debug']);

/** fpm's command line as electron-builder writes it: options, then src=dest mappings. */
export function parseFpmArgs(argv) {
  const options = new Map();
  const mappings = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (flags.has(arg)) continue;
    if (valued.has(arg)) {
      const value = argv[++i];
      if (value === undefined) throw new Error(`stand-in fpm: ${arg} needs a value`);
      options.set(arg, [...(options.get(arg) ?? []), value]);
      continue;
    }
    if (arg.startsWith('-')) throw new Error(`stand-in fpm: unknown option ${arg}`);
    const at = arg.indexOf('=');
    if (at <= 0) throw new Error(`stand-in fpm: expected src=dest, got ${arg}`);
    mappings.push({ src: arg.slice(0, at), dest: arg.slice(at + 1) });
  }
  const one = (name) => options.get(name)?.at(-1);
  if (one('-s') !== 'dir' || one('-t') !== 'deb') throw new Error('stand-in fpm: only -s dir -t deb');
  return { one, all: (name) => options.get(name) ?? [], mappings };
}

/** The control file: Description's first line is the synopsis, the rest is indented (Debian policy 5.6.13). */
export function controlFile(args) {
  const [summary, ...rest] = (args.one('--description') ?? '').split('\n');
  const long = rest.map((line) => (line.trim() === '' ? ' .' : line.startsWith(' ') ? line : ` ${line}`));
  const fields = [
    ['Package', args.one('--name')],
    ['Version', args.one('--iteration') ? `${args.one('--version')}-${args.one('--iteration')}` : args.one('--version')],
    ['Architecture', args.one('--architecture')],
    ['Maintainer', args.one('--maintainer')],
    ['Depends', args.all('-d').join(', ')],
    ['Recommends', args.all('--deb-recommends').join(', ')],
    ['Section', args.one('--category')],
    ['Priority', args.one('--deb-priority')],
    ['Homepage', args.one('--url')],
    ['Description', [summary, ...long].join('\n')]
  ];
  return `${fields
    .filter(([, value]) => value)
    .map(([key, value]) => `${key}: ${value}`)
    .join('\n')}\n`;
}

function build(argv) {
  const args = parseFpmArgs(argv);
  const root = mkdtempSync(join(tmpdir(), 'ledgerdesk-fpm-'));
  try {
    for (const { src, dest } of args.mappings) {
      const target = join(root, dest);
      mkdirSync(src.endsWith('/') ? target : dirname(target), { recursive: true });
      cpSync(src, target, { recursive: true, verbatimSymlinks: true });
    }
    mkdirSync(join(root, 'DEBIAN'));
    writeFileSync(join(root, 'DEBIAN', 'control'), controlFile(args));
    for (const [option, script] of [
      ['--after-install', 'postinst'],
      ['--after-remove', 'postrm']
    ]) {
      const file = args.one(option);
      if (!file) continue;
      writeFileSync(join(root, 'DEBIAN', script), readFileSync(file));
      chmodSync(join(root, 'DEBIAN', script), 0o755);
    }
    const output = args.one('--package');
    rmSync(output, { force: true });
    execFileSync('dpkg-deb', ['--root-owner-group', `-Z${args.one('--deb-compression') ?? 'xz'}`, '--build', root, output], { stdio: 'inherit' });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    build(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
