import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FeedChangedError, type FeedEntry, type FeedStore, type WriteCondition } from '../../../tools/release/releasing/store';

/**
 * An update feed in memory that keeps S3's promises: every write gets a new ETag, and a conditional
 * write whose condition no longer holds is refused. `between` runs once just before the next
 * conditional write, as another publish or rollout getting in between the read and the write.
 */
export class FakeFeed implements FeedStore {
  readonly where = 's3://updates/ledgerdesk';
  readonly files = new Map<string, FeedEntry>();
  readonly uploaded: string[] = [];
  between?: () => void;
  private writes = 0;

  put(name: string, text: string): void {
    this.writes += 1;
    this.files.set(name, { text, etag: `"etag-${this.writes}"` });
  }

  text(name: string): string | undefined {
    return this.files.get(name)?.text;
  }

  read(name: string): FeedEntry | null {
    return this.files.get(name) ?? null;
  }

  uploadFile(name: string, path: string): void {
    this.uploaded.push(name);
    this.put(name, readFileSync(path, 'utf8'));
  }

  writeText(name: string, text: string, _cacheControl: string, condition: WriteCondition): void {
    const between = this.between;
    this.between = undefined;
    between?.();
    const current = this.files.get(name);
    const holds = 'ifMatch' in condition ? current?.etag === condition.ifMatch : current === undefined;
    if (!holds) throw new FeedChangedError(name);
    this.put(name, text);
  }
}

/** An electron-builder channel file; `build` tells two builds of one version apart (their checksums). */
export const channelFile = (version: string, build = 'a', extra = ''): string =>
  `version: ${version}\nfiles:\n  - url: Ledgerdesk-${version}-setup.exe\n    sha512: ${build}-${version}\n    size: 100\npath: Ledgerdesk-${version}-setup.exe\nsha512: ${build}-${version}\nreleaseDate: '2026-11-25T10:00:00.000Z'\n${extra}`;

/** A release folder as the publish job downloads it: one installer and the given channel files. */
export function releaseFolder(version: string, channelNames: string[], build = 'a'): { folder: string; names: string[] } {
  const folder = mkdtempSync(join(tmpdir(), 'ledgerdesk-release-'));
  const names = [`Ledgerdesk-${version}-setup.exe`, ...channelNames];
  writeFileSync(join(folder, names[0]!), `installer ${version} ${build}`);
  for (const name of channelNames) writeFileSync(join(folder, name), channelFile(version, build));
  return { folder, names };
}
