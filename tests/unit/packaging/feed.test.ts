import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { collectRuns } from '../../../tools/release/releasing/collect';
import { cacheControlFor, mergeUpdateInfo, publishOrder, withStaging } from '../../../tools/release/releasing/feed';

const appImageInfo = `version: 0.2.0
files:
  - url: Ledgerdesk-0.2.0-linux-x86_64.AppImage
    sha512: aaa
    size: 120
    blockMapSize: 9
path: Ledgerdesk-0.2.0-linux-x86_64.AppImage
sha512: aaa
releaseDate: '2026-11-25T10:00:00.000Z'
`;
const debInfo = `version: 0.2.0
files:
  - url: Ledgerdesk-0.2.0-linux-amd64.deb
    sha512: bbb
    size: 90
path: Ledgerdesk-0.2.0-linux-amd64.deb
sha512: bbb
releaseDate: '2026-11-25T10:01:00.000Z'
`;

describe('publishing order', () => {
  it('uploads installers and blockmaps before any channel file, and nothing else', () => {
    const order = publishOrder([
      'latest-linux.yml',
      'Ledgerdesk-0.2.0-linux-x86_64.AppImage',
      'builder-debug.yml',
      'builder-effective-config.yaml',
      'beta-linux.yml',
      'Ledgerdesk-0.2.0-win-x64.exe.blockmap',
      'Ledgerdesk-0.2.0-win-x64.exe',
      'latest.yml',
      'linux-unpacked'
    ]);
    expect(order).toEqual([
      'Ledgerdesk-0.2.0-linux-x86_64.AppImage',
      'Ledgerdesk-0.2.0-win-x64.exe',
      'Ledgerdesk-0.2.0-win-x64.exe.blockmap',
      'beta-linux.yml',
      'latest-linux.yml',
      'latest.yml'
    ]);
  });

  it('never lets a channel file be cached on the way', () => {
    expect(cacheControlFor('latest-mac.yml')).toBe('no-cache, max-age=0');
    expect(cacheControlFor('Ledgerdesk-0.2.0-mac-arm64.zip')).toContain('immutable');
  });
});

describe('the Linux channel file', () => {
  it('lists the AppImage and the deb from their separate runs, the AppImage as the legacy path', () => {
    const merged = parse(mergeUpdateInfo([appImageInfo, debInfo]));
    expect(merged.files.map((file: { url: string }) => file.url)).toEqual(['Ledgerdesk-0.2.0-linux-x86_64.AppImage', 'Ledgerdesk-0.2.0-linux-amd64.deb']);
    expect(merged.path).toBe('Ledgerdesk-0.2.0-linux-x86_64.AppImage');
    expect(merged.version).toBe('0.2.0');
  });

  it('refuses to merge two versions', () => {
    expect(() => mergeUpdateInfo([appImageInfo, debInfo.replace('version: 0.2.0', 'version: 0.1.9')])).toThrow(/disagree/);
  });

  it('is gathered with both installers into one folder', () => {
    const base = mkdtempSync(join(tmpdir(), 'ledgerdesk-collect-'));
    for (const [run, info, file] of [
      ['appimage', appImageInfo, 'Ledgerdesk-0.2.0-linux-x86_64.AppImage'],
      ['deb', debInfo, 'Ledgerdesk-0.2.0-linux-amd64.deb']
    ] as const) {
      mkdirSync(join(base, run, 'linux-unpacked'), { recursive: true });
      writeFileSync(join(base, run, 'latest-linux.yml'), info);
      writeFileSync(join(base, run, 'beta-linux.yml'), info);
      writeFileSync(join(base, run, file), run);
      writeFileSync(join(base, run, 'builder-debug.yml'), 'x: 1');
    }
    const out = join(base, 'out');
    mkdirSync(out);
    collectRuns(out, [join(base, 'appimage'), join(base, 'deb')]);
    expect(readdirSync(out).sort()).toEqual([
      'Ledgerdesk-0.2.0-linux-amd64.deb',
      'Ledgerdesk-0.2.0-linux-x86_64.AppImage',
      'beta-linux.yml',
      'latest-linux.yml'
    ]);
    expect(parse(readFileSync(join(out, 'beta-linux.yml'), 'utf8')).files).toHaveLength(2);
  });
});

describe('staged rollouts', () => {
  it('offer the version to a share of installed copies, and to all at 100', () => {
    expect(parse(withStaging(appImageInfo, 10)).stagingPercentage).toBe(10);
    const widened = parse(withStaging(withStaging(appImageInfo, 10), 100));
    expect(widened).not.toHaveProperty('stagingPercentage');
    expect(widened.files).toHaveLength(1);
  });

  it.each([0, 101, 12.5, Number.NaN])('refuse a percentage of %s', (percentage) => {
    expect(() => withStaging(appImageInfo, percentage)).toThrow(/1 to 100/);
  });
});
