import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  cacheControlFor,
  channelOf,
  checkPercentage,
  channelOfVersion,
  compareVersions,
  isChannelFile,
  publishOrder,
  sameRelease,
  versionOf,
  withStaging
} from './feed';
import { FeedChangedError, type FeedEntry, type FeedStore, type WriteCondition } from './store';

export interface PublishRequest {
  /** The folder holding the release's files, and their names. */
  folder: string;
  names: string[];
  /** package.json's version: every channel file must announce it. */
  version: string;
  /** stagingPercentage for the channel files written (0 publishes the release paused). */
  rollout: number;
  /** Put a version older than the feed's back on purpose (docs/operations/releasing.md, "Rollback"). */
  allowRollback: boolean;
}

type ChannelStep = { name: string; text: string; condition: WriteCondition; note: string } | { name: string; keep: string };

const rollbackHint = 'To put an older version back on purpose, publish with --allow-rollback (docs/operations/releasing.md, "Rollback").';

/**
 * What each channel file does to the feed, decided before anything is uploaded. The feed only moves
 * forward: a file announcing a newer version stays, refused for the release's own channel unless
 * rolling back, kept for another channel (a stable release's beta*.yml under a newer beta). The same
 * release again is left as it is, its rollout too; the same version with other files is refused.
 */
function planChannelFiles(store: FeedStore, request: PublishRequest, names: string[]): { steps: ChannelStep[]; problems: string[] } {
  const own = channelOfVersion(request.version);
  const rolledBackFrom = new Set<string>();
  const write = (name: string, text: string, condition: WriteCondition, note: string): ChannelStep => ({
    name,
    text: withStaging(text, request.rollout),
    condition,
    note
  });

  /** The step for one channel file, or why the release must not be published. */
  const decide = (name: string, text: string, entry: FeedEntry | null): ChannelStep | string => {
    if (!entry) return write(name, text, { ifAbsent: true }, 'new on the feed');
    let onFeed: string;
    try {
      onFeed = versionOf(entry.text);
    } catch {
      return `${name} on ${store.where} is not an update file electron-builder wrote; look at it before publishing over it.`;
    }
    const order = compareVersions(request.version, onFeed);
    if (order > 0) return write(name, text, { ifMatch: entry.etag }, `replaces ${onFeed}`);
    if (order === 0) {
      if (sameRelease(text, entry.text)) return { name, keep: `already announces ${onFeed} (this release): left as it is, its rollout too` };
      return `${name} on the feed already announces ${onFeed} with other files. A version is published once (its installers are cached for good under their names): publish a new version.`;
    }
    if (channelOf(name) === own) {
      if (!request.allowRollback) return `${name} on the feed announces ${onFeed}, newer than ${request.version}. ${rollbackHint}`;
      rolledBackFrom.add(onFeed);
      return write(name, text, { ifMatch: entry.etag }, `rolled back from ${onFeed}`);
    }
    // Another channel's file: rolled back with the release it carried, else that channel's own newer release.
    if (request.allowRollback && rolledBackFrom.has(onFeed)) return write(name, text, { ifMatch: entry.etag }, `rolled back from ${onFeed}`);
    return { name, keep: `keeps ${onFeed}, the ${channelOf(name)} channel's newer release` };
  };

  const problems: string[] = [];
  const steps = new Map<string, ChannelStep>();
  // The release's own channel first, so a rollback knows which version it takes back elsewhere.
  const ordered = [...names.filter((name) => channelOf(name) === own), ...names.filter((name) => channelOf(name) !== own)];
  for (const name of ordered) {
    const text = readFileSync(join(request.folder, name), 'utf8');
    const announced = versionOf(text);
    const outcome =
      announced === request.version ? decide(name, text, store.read(name)) : `${name} announces ${announced}, not ${request.version} (package.json).`;
    if (typeof outcome === 'string') problems.push(outcome);
    else steps.set(name, outcome);
  }
  return { steps: names.flatMap((name) => steps.get(name) ?? []), problems };
}

/**
 * Uploads a release: installers and blockmaps first, channel files last (so no installed copy reads
 * an entry whose installer is not there yet), each channel file only over the file it was checked
 * against. Says what it did through log, one line each.
 */
export function publishRelease(store: FeedStore, request: PublishRequest, log: (line: string) => void): void {
  checkPercentage(request.rollout);
  const names = publishOrder(request.names);
  const channelNames = names.filter(isChannelFile);
  if (!channelNames.length) throw new Error(`${request.folder} holds no channel file (latest*.yml): nothing would announce the release.`);
  const { steps, problems } = planChannelFiles(store, request, channelNames);
  if (problems.length) throw new Error(['Nothing was published:', ...problems].join('\n  '));

  for (const name of names.filter((name) => !isChannelFile(name))) {
    store.uploadFile(name, join(request.folder, name), cacheControlFor(name));
    log(`published ${name}`);
  }
  const written: string[] = [];
  for (const step of steps) {
    if ('keep' in step) {
      log(`${step.name} ${step.keep}`);
      continue;
    }
    try {
      store.writeText(step.name, step.text, cacheControlFor(step.name), step.condition);
    } catch (error) {
      if (!(error instanceof FeedChangedError)) throw error;
      const done = written.length ? `${written.join(', ')} already announce ${request.version}` : 'no channel file was written';
      throw new Error(`${error.message} Publishing stopped there (${done}). Run it again: it reads the feed anew and applies the same rules.`);
    }
    written.push(step.name);
    log(`published ${step.name} (${step.note})`);
  }
}
