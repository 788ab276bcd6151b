import { cacheControlFor, channelFiles, checkPercentage, compareVersions, describeShare, inChannel, versionOf, withStaging } from './feed';
import { FeedChangedError, type FeedEntry, type FeedStore } from './store';

/**
 * Changes the share of installed copies offered the version a channel's files announce, on every
 * OS. A stable release also wrote beta*.yml (beta users get stable releases too), so changing
 * `latest` changes those beta files that announce the same version; a beta file announcing a beta
 * of its own is left as it is. 0 pauses the release, 100 offers it to everyone. Each file is
 * written back only over the file as read, so a publish in between is never undone.
 */
export interface RolloutRequest {
  percentage: number;
  channel: string;
  /** The version meant (the workflow's tag): refused when the channel's files announce another. */
  version?: string;
}

export function rollOut(store: FeedStore, { percentage, channel, version: meant }: RolloutRequest, log: (line: string) => void): void {
  checkPercentage(percentage);
  if (!/^[a-z]+$/.test(channel)) throw new Error('--channel is latest or beta.');

  const changes: Array<{ name: string; entry: FeedEntry; version: string }> = [];
  for (const name of channelFiles(channel)) {
    const entry = store.read(name);
    if (!entry) {
      log(`${name}: not on the feed, skipped`);
      continue;
    }
    const version = versionOf(entry.text);
    if (meant && compareVersions(version, meant) !== 0) {
      throw new Error(`${name} announces ${version}, not ${meant}: nothing was changed. Run the rollout from the tag of the version on the feed.`);
    }
    changes.push({ name, entry, version });
    if (channel !== 'latest') continue;
    const betaName = inChannel(name, 'beta');
    const beta = store.read(betaName);
    if (beta && versionOf(beta.text) === version) changes.push({ name: betaName, entry: beta, version });
    else if (beta) log(`${betaName}: announces ${versionOf(beta.text)}, a beta of its own: left as it is`);
  }
  if (!changes.length) throw new Error(`No ${channel} channel file found on ${store.where}.`);

  for (const { name, entry, version } of changes) {
    try {
      store.writeText(name, withStaging(entry.text, percentage), cacheControlFor(name), { ifMatch: entry.etag });
    } catch (error) {
      if (error instanceof FeedChangedError) throw new Error(`${error.message} Run the rollout again: it reads the feed anew.`);
      throw error;
    }
    log(`${name}: ${version} ${describeShare(percentage)}`);
  }
}
