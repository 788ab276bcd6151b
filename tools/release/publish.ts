/**
 * `npm run release:publish -- <folder> [--rollout <percent>] [--allow-rollback]`: uploads a release's
 * files to the update feed (releasing/publishing.ts has the rules, releasing/s3.ts the store).
 * Installers and blockmaps go first and channel files last; the feed only moves forward, unless
 * --allow-rollback says a lower version goes back on it on purpose. With --rollout the channel
 * files carry stagingPercentage (0: published paused). docs/operations/releasing.md says more.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { describeShare } from './releasing/feed';
import { publishRelease } from './releasing/publishing';
import { feedFolder, s3FeedStore } from './releasing/s3';

const USAGE = 'Usage: npm run release:publish -- <folder with the release files> [--rollout <percent>] [--allow-rollback]';

function main(): void {
  // node:util's parseArgs refuses an option it does not know: a mistyped --rollout must not publish to everyone.
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { rollout: { type: 'string' }, 'allow-rollback': { type: 'boolean' } }
  });
  const [folderArg, ...extra] = positionals;
  if (!folderArg || extra.length > 0) throw new Error(USAGE);
  const rollout = values.rollout?.trim() ? Number(values.rollout) : 100;
  const folder = resolve(folderArg);
  const version: string = JSON.parse(readFileSync(resolve(__dirname, '../../package.json'), 'utf8')).version;
  const request = { folder, names: readdirSync(folder), version, rollout, allowRollback: values['allow-rollback'] === true };
  publishRelease(s3FeedStore(feedFolder(process.env)), request, console.log);
  console.log(`Version ${version} is on the feed, ${describeShare(rollout)}.`);
}

try {
  main();
} catch (error) {
  console.error(`✗ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
