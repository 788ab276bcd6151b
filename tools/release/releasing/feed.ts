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

export function checkPercentage(percentage: number): void {
  if (!Number.isInteger(percentage) || percentage < 0 || percentage > 100) throw new Error('The rollout percentage is a whole number from 0 (paused) to 100.');
}

/** What a share means to the administrator, for the tools' output. */
export const describeShare = (percentage: number): string =>
  percentage === 0
    ? 'paused: offered to no installed copy (those that have it keep it)'
    : percentage === 100
      ? 'offered to everyone'
      : `offered to ${percentage}% of installed copies`;

/**
 * A staged rollout: electron-updater offers the version only to that share of installed copies
 * (each keeps a random id). 0 pauses the release: offered to nobody, while copies that have it keep
 * it. 100 removes the field: everyone.
 */
export function withStaging(text: string, percentage: number): string {
  checkPercentage(percentage);
  const { stagingPercentage: _previous, ...info } = read(text);
  return stringify(percentage === 100 ? info : { ...info, stagingPercentage: percentage }, { lineWidth: 0 });
}

/** The share a channel file offers its version to (100 when it names none). */
export const stagingOf = (text: string): number => read(text).stagingPercentage ?? 100;

/**
 * The same release: one version with the same files (by SHA-512). A second build of a version has
 * other checksums, and installers are cached for good under their names, so it is never a re-upload.
 */
export function sameRelease(a: string, b: string): boolean {
  const [first, second] = [read(a), read(b)];
  const files = (info: UpdateInfo) => info.files.map((file) => `${file.url} ${file.sha512}`).sort();
  return first.version === second.version && JSON.stringify(files(first)) === JSON.stringify(files(second));
}

const SEMVER = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

function parseVersion(version: string): { core: [number, number, number]; pre: string[] } {
  const match = SEMVER.exec(version.trim());
  if (!match) throw new Error(`${version} is not a version like 1.2.3 or 1.2.3-beta.1.`);
  return { core: [Number(match[1]), Number(match[2]), Number(match[3])], pre: match[4]?.split('.') ?? [] };
}

/** Prerelease identifiers: numbers by value and before words, words alphabetically, a longer list after its start. */
function comparePrerelease(x: string[], y: string[]): number {
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const [p, q] = [x[i] as string, y[i] as string];
    if (p === q) continue;
    const [pNumber, qNumber] = [/^\d+$/.test(p), /^\d+$/.test(q)];
    if (pNumber && qNumber) return Number(p) - Number(q);
    if (pNumber !== qNumber) return pNumber ? -1 : 1;
    return p < q ? -1 : 1;
  }
  return x.length - y.length;
}

/** Semantic-version order, as electron-updater reads it: negative when a is older than b. */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [parseVersion(a), parseVersion(b)];
  for (const i of [0, 1, 2] as const) if (x.core[i] !== y.core[i]) return x.core[i] - y.core[i];
  // A prerelease comes before its version: 0.3.0-beta.1 < 0.3.0.
  if (!x.pre.length || !y.pre.length) return y.pre.length - x.pre.length;
  return comparePrerelease(x.pre, y.pre);
}

/** The channel a channel file belongs to: latest-mac.yml is latest's, beta.yml beta's. */
export const channelOf = (name: string): string => name.replace(/(-mac|-linux(-[a-z0-9]+)?)?\.yml$/, '');

/** The channel a version is published to: 0.3.0 to latest, 0.3.0-beta.1 to beta (electron-builder's rule). */
export const channelOfVersion = (version: string): string => /-([a-z]+)/i.exec(version)?.[1]?.toLowerCase() ?? 'latest';

/** The same file of another channel: latest-mac.yml of beta is beta-mac.yml. */
export const inChannel = (name: string, channel: string): string => `${channel}${name.slice(channelOf(name).length)}`;

/**
 * Channel files must never be cached on the way (a client would miss a release or a rollback);
 * installers never change under a name, so they may be cached for good.
 */
export const cacheControlFor = (name: string): string => (isChannelFile(name) ? 'no-cache, max-age=0' : 'public, max-age=31536000, immutable');

/** The channel files of one channel on every OS: latest.yml, latest-mac.yml, latest-linux.yml. */
export const channelFiles = (channel: string): string[] => [`${channel}.yml`, `${channel}-mac.yml`, `${channel}-linux.yml`];
