/**
 * `npm run release:publish -- <folder> [--rollout <percent>]`: uploads a release's files to the
 * update feed (see releasing/s3.ts). Installers and blockmaps go first and channel files last, so no
 * installed copy reads an entry whose installer is not there yet. With --rollout the channel
 * files carry stagingPercentage (README "Staged rollouts").
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cacheControlFor, isChannelFile, publishOrder, versionOf, withStaging } from './releasing/feed';
import { feedFolder, upload, uploadText } from './releasing/s3';

const [folderArg, ...rest] = process.argv.slice(2);
const rolloutAt = rest.indexOf('--rollout');
const rollout = rolloutAt >= 0 ? Number(rest[rolloutAt + 1]) : 100;

function main(): void {
  if (!folderArg) throw new Error('Usage: npm run release:publish -- <folder with the release files> [--rollout <percent>]');
  const folder = resolve(folderArg);
  const feed = feedFolder(process.env);
  const version: string = JSON.parse(readFileSync(resolve(__dirname, '../../package.json'), 'utf8')).version;
  const names = publishOrder(readdirSync(folder));
  if (!names.some(isChannelFile)) throw new Error(`${folder} holds no channel file (latest*.yml): nothing would announce the release.`);
  for (const name of names) {
    const target = `${feed}/${name}`;
    if (!isChannelFile(name)) {
      upload(join(folder, name), target, cacheControlFor(name));
    } else {
      const text = readFileSync(join(folder, name), 'utf8');
      if (versionOf(text) !== version) throw new Error(`${name} announces ${versionOf(text)}, not ${version}.`);
      uploadText(withStaging(text, rollout), target, cacheControlFor(name));
    }
    console.log(`published ${name}`);
  }
  console.log(`Version ${version} is on the feed${rollout < 100 ? `, offered to ${rollout}% of installed copies` : ''}.`);
}

try {
  main();
} catch (error) {
  console.error(`✗ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
