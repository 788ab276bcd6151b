/**
 * `npm run release:rollout -- <percent> [--channel latest|beta] [--version x.y.z]`: widens, narrows or pauses (0) the
 * share of installed copies offered the version now on the feed, by rewriting stagingPercentage in
 * that channel's files (and, for latest, the beta files carrying the same release); 100 offers it to
 * everyone; --version refuses when the feed announces another. See releasing/rollingOut.ts and
 * docs/operations/releasing.md.
 */
import { parseArgs } from 'node:util';
import { feedFolder, s3FeedStore } from './releasing/s3';
import { rollOut } from './releasing/rollingOut';

function main(): void {
  // node:util's parseArgs refuses an option it does not know: a mistyped --channel must not move the latest channel.
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { channel: { type: 'string' }, version: { type: 'string' } }
  });
  if (positionals.length > 1) throw new Error('Usage: npm run release:rollout -- <percent> [--channel latest|beta] [--version x.y.z]');
  // An empty or missing argument is not 0: pausing a release is said with 0.
  const percentage = positionals[0]?.trim() ? Number(positionals[0]) : Number.NaN;
  rollOut(s3FeedStore(feedFolder(process.env)), { percentage, channel: values.channel ?? 'latest', version: values.version }, console.log);
}

try {
  main();
} catch (error) {
  console.error(`✗ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
