import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain ES modules for electron-builder, without type declarations
import { refuseSharedLinuxFolder } from '../../../../tools/release/packaging/after-pack.mjs';
// @ts-expect-error: plain ES module for electron-builder, without type declarations
import sign from '../../../../tools/release/signing/windows-sign.mjs';
// @ts-expect-error: plain ES module for pack:check, without type declarations
import { controlFile, parseFpmArgs } from '../../../../tools/release/packaging/stand-in-fpm.mjs';

const targets = (...names: string[]) => ({ targets: names.map((name) => ({ name })) });

describe('the afterPack hook', () => {
  it('refuses an AppImage packed in the same run as a deb, whose package-type it would inherit', () => {
    expect(() => refuseSharedLinuxFolder(targets('appImage', 'deb'))).toThrow(/separate electron-builder runs/);
  });

  it('lets each one through on its own, and other platforms', () => {
    for (const run of [targets('appImage'), targets('deb'), targets('nsis'), targets('dmg', 'zip'), {}]) {
      expect(() => refuseSharedLinuxFolder(run)).not.toThrow();
    }
  });
});

describe('the Windows sign hook for a cloud HSM', () => {
  const marker = () => join(mkdtempSync(join(tmpdir(), 'ledgerdesk-sign-')), 'signed.txt');
  // Runs under cmd.exe on Windows and sh elsewhere, as the hook's own command would.
  const recordFile = `node -e "require('fs').writeFileSync(process.env.OUT_FILE, process.env.LEDGERDESK_SIGN_FILE)"`;

  it('runs WIN_SIGN_COMMAND with the file to sign in LEDGERDESK_SIGN_FILE, a path with spaces intact', async () => {
    const out = marker();
    const file = 'C:\\Users\\build agent\\dist\\win-unpacked\\Ledgerdesk.exe';
    await sign({ path: file, hash: 'sha256' }, { ...process.env, OUT_FILE: out, WIN_SIGN_COMMAND: recordFile });
    expect(readFileSync(out, 'utf8')).toBe(file);
  });

  it('signs SHA-256 only', async () => {
    const out = marker();
    await sign({ path: 'x.exe', hash: 'sha1' }, { ...process.env, OUT_FILE: out, WIN_SIGN_COMMAND: recordFile });
    expect(existsSync(out)).toBe(false);
  });

  it('fails the build when the signing tool fails or is not configured', async () => {
    await expect(sign({ path: 'x.exe', hash: 'sha256' }, { ...process.env, WIN_SIGN_COMMAND: 'exit 3' })).rejects.toThrow(/exited with 3/);
    await expect(sign({ path: 'x.exe', hash: 'sha256' }, {})).rejects.toThrow(/WIN_SIGN_COMMAND is not set/);
  });
});

describe('the stand-in fpm', () => {
  const argv = [
    '-s',
    'dir',
    '--force',
    '-t',
    'deb',
    '-d',
    'libgtk-3-0',
    '-d',
    'libnss3',
    '--deb-recommends',
    'libappindicator3-1',
    '--deb-compression',
    'xz',
    '--architecture',
    'amd64',
    '--after-install',
    '/tmp/after-install.tpl',
    '--description',
    'Back-office for an investment platform\n Ledgerdesk: the desktop back-office',
    '--version',
    '0.2.0',
    '--package',
    '/tmp/out.deb',
    '--name',
    'ledgerdesk',
    '--maintainer',
    'Ledgerdesk <support@ledgerdesk.test>',
    '--deb-priority',
    'optional',
    '/tmp/linux-unpacked/=/opt/Ledgerdesk',
    '/tmp/l.desktop=/usr/share/applications/ledgerdesk.desktop'
  ];

  it('reads electron-builder arguments and writes a Debian control file from them', () => {
    const args = parseFpmArgs(argv);
    expect(args.mappings).toEqual([
      { src: '/tmp/linux-unpacked/', dest: '/opt/Ledgerdesk' },
      { src: '/tmp/l.desktop', dest: '/usr/share/applications/ledgerdesk.desktop' }
    ]);
    expect(controlFile(args)).toBe(
      [
        'Package: ledgerdesk',
        'Version: 0.2.0',
        'Architecture: amd64',
        'Maintainer: Ledgerdesk <support@ledgerdesk.test>',
        'Depends: libgtk-3-0, libnss3',
        'Recommends: libappindicator3-1',
        'Priority: optional',
        'Description: Back-office for an investment platform',
        ' Ledgerdesk: the desktop back-office',
        ''
      ].join('\n')
    );
  });

  it('stops at an option it does not know rather than build a different package', () => {
    expect(() => parseFpmArgs([...argv, '--deb-systemd', 'x.service'])).toThrow(/unknown option --deb-systemd/);
    expect(() => parseFpmArgs(argv.map((arg) => (arg === 'deb' ? 'rpm' : arg)))).toThrow(/only -s dir -t deb/);
  });
});
