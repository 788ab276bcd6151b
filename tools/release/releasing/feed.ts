import { parse, stringify } from 'yaml';

/**
 * The update feed: electron-builder's channel files (latest.yml, latest-mac.yml, latest-linux.yml,
 * and beta*.yml / alpha*.yml) and the files they name. Pure text and name functions, unit-tested;
 * publish.ts and rollout.ts do the uploading.
 */

/** Files a release uploads: installers, the zips macOS updates from, blockmaps, channel files. */
export const isReleaseFile = (name: string): boolean => /\.(exe|dmg|zip|AppImage|deb|blockmap)$/.test(name) || isChannelFile(name);

/** latest.yml, beta-mac.yml, latest-linux.yml, latest-linux-arm64.yml ... (not builder-debug.yml). */
export const isChannelFile = (name: string): boolean => /^[a-z]+(-mac|-linux(-[a-z0-9]+)?)?\.yml$/.test(name) && name !== 'builder-debug.yml';

/**
 * Upload order: everything a channel file points at first, the channel files last, so no
 * installed copy ever reads a feed entry whose installer is not there yet.
 */
export function publishOrder(names: string[]): string[] {
  const files = names.filter(isReleaseFile).sort();
  return [...files.filter((name) => !isChannelFile(name)), ...files.filter(isChannelFile)];
}

interface UpdateInfo {
  version: string;
  files: Array<{ url: string; sha512: string; size?: number }>;
  path?: string;
  sha512?: string;
  releaseDate?: string;
  stagingPercentage?: number;
}

const read = (text: string): UpdateInfo => {
  const info = parse(text) as UpdateInfo;
  if (!info || typeof info.version !== 'string' || !Array.isArray(info.files)) throw new Error('Not an electron-builder update file.');
  return info;
};

export const versionOf = (text: string): string => read(text).version;

/**
 * One channel file from the AppImage run and the deb run (built apart, see linuxRuns): both files
 * listed, the first run's as the legacy path/sha512. electron-updater picks the AppImage or the deb
 * from that list by extension.
 */
export function mergeUpdateInfo(texts: string[]): string {
  const [first, ...rest] = texts.map(read);
  if (!first) throw new Error('Nothing to merge.');
  for (const other of rest) {
    if (other.version !== first.version) throw new Error(`Update files disagree on the version: ${first.version} and ${other.version}.`);
  }
  const files = [first, ...rest].flatMap((info) => info.files);
  return stringify({ ...first, files }, { lineWidth: 0 });
}

/**
 * A staged rollout: electron-updater offers the version only to that share of installed copies
 * (each keeps a random id). 100 removes the field: everyone.
 */
export function withStaging(text: string, percentage: number): string {
  if (!Number.isInteger(percentage) || percentage < 1 || percentage > 100) throw new Error('The rollout percentage is a whole number from 1 to 100.');
  const { stagingPercentage: _previous, ...info } = read(text);
  return stringify(percentage === 100 ? info : { ...info, stagingPercentage: percentage }, { lineWidth: 0 });
}

/**
 * Channel files must never be cached on the way (a client would miss a release or a rollback);
 * installers never change under a name, so they may be cached for good.
 */
export const cacheControlFor = (name: string): string => (isChannelFile(name) ? 'no-cache, max-age=0' : 'public, max-age=31536000, immutable');

/** The channel files of one channel on every OS: latest.yml, latest-mac.yml, latest-linux.yml. */
export const channelFiles = (channel: string): string[] => [`${channel}.yml`, `${channel}-mac.yml`, `${channel}-linux.yml`];
