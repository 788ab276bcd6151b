/**
 * `npm run release:rollout -- <percent> [--channel latest|beta]`: widens (or narrows) the share of
 * installed copies offered the version now on the feed, by rewriting stagingPercentage in that
 * channel's files; 100 offers it to everyone. A rollback is not done here: publish a higher
 * version (README "Staged rollouts and rollback").
 */
import { cacheControlFor, channelFiles, withStaging } from './releasing/feed';
import { downloadText, feedFolder, uploadText } from './releasing/s3';

function main(): void {
  const args = process.argv.slice(2);
  const percentage = Number(args[0]);
  const channelAt = args.indexOf('--channel');
  const channel = channelAt >= 0 ? args[channelAt + 1] : 'latest';
  if (!channel || !/^[a-z]+$/.test(channel)) throw new Error('--channel is latest or beta.');
  const feed = feedFolder(process.env);
  let changed = 0;
  for (const name of channelFiles(channel)) {
    const text = downloadText(`${feed}/${name}`);
    if (text === null) {
      console.log(`${name}: not on the feed, skipped`);
      continue;
    }
    uploadText(withStaging(text, percentage), `${feed}/${name}`, cacheControlFor(name));
    console.log(`${name}: offered to ${percentage}%`);
    changed += 1;
  }
  if (changed === 0) throw new Error(`No ${channel} channel file found on ${feed}.`);
}

try {
  main();
} catch (error) {
  console.error(`✗ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
