import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { collectRuns } from '../../../../tools/release/releasing/collect';
import {
  cacheControlFor,
  channelOf,
  channelOfVersion,
  compareVersions,
  inChannel,
  mergeUpdateInfo,
  publishOrder,
  withStaging
} from '../../../../tools/release/releasing/feed';

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

  it('pause a release at 0: the field stays, as 0', () => {
    expect(withStaging(appImageInfo, 0)).toContain('stagingPercentage: 0\n');
  });

  it.each([-1, 101, 12.5, Number.NaN])('refuse a percentage of %s', (percentage) => {
    expect(() => withStaging(appImageInfo, percentage)).toThrow(/0 \(paused\) to 100/);
  });
});

describe('version order on the feed', () => {
  it.each([
    ['0.3.1', '0.3.0'],
    ['0.10.0', '0.9.9'],
    ['1.0.0', '0.99.99'],
    ['0.3.0', '0.3.0-beta.9'],
    ['0.3.0-beta.10', '0.3.0-beta.9'],
    ['0.3.0-beta.1', '0.3.0-alpha.4'],
    ['0.3.0-beta.1.1', '0.3.0-beta.1']
  ])('%s comes after %s', (newer, older) => {
    expect(compareVersions(newer, older)).toBeGreaterThan(0);
    expect(compareVersions(older, newer)).toBeLessThan(0);
  });

  it('reads a tag and its version as one', () => {
    expect(compareVersions('v0.3.0', '0.3.0')).toBe(0);
  });

  it('refuses what is not a version', () => {
    expect(() => compareVersions('latest', '0.3.0')).toThrow(/not a version/);
  });

  it('knows a version’s channel and a file’s', () => {
    expect([channelOfVersion('0.3.0'), channelOfVersion('0.3.0-beta.2')]).toEqual(['latest', 'beta']);
    expect([channelOf('latest-mac.yml'), channelOf('beta.yml'), channelOf('latest-linux-arm64.yml')]).toEqual(['latest', 'beta', 'latest']);
    expect(inChannel('latest-linux.yml', 'beta')).toBe('beta-linux.yml');
  });
});
