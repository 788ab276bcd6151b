import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { rollOut } from '../../../../tools/release/releasing/rollingOut';
import { FakeFeed, channelFile } from '../../../support/fakes/fakeFeed';

// electron-updater's own reading of a channel file and its own rollout check (neither loads Electron).
const load = createRequire(__filename);
const { parseUpdateInfo } = load('electron-updater/out/providers/Provider') as { parseUpdateInfo: (text: string, file: string, url: URL) => object };
const { AppUpdater } = load('electron-updater/out/AppUpdater') as { AppUpdater: { prototype: { isStagingMatch(info: object): Promise<boolean> } } };

/** How many of `copies` installed copies (each with its random id) electron-updater offers the file's version to. */
async function offeredTo(text: string, copies: number): Promise<number> {
  const info = parseUpdateInfo(text, 'latest.yml', new URL('https://updates.ledgerdesk.test/latest.yml'));
  let offered = 0;
  for (let i = 0; i < copies; i++) {
    const copy = { stagingUserIdPromise: { value: Promise.resolve(randomUUID()) }, _logger: { info() {}, warn() {} } };
    if (await AppUpdater.prototype.isStagingMatch.call(copy, info)) offered += 1;
  }
  return offered;
}

const LATEST = ['latest.yml', 'latest-mac.yml', 'latest-linux.yml'];
const BETA = ['beta.yml', 'beta-mac.yml', 'beta-linux.yml'];

function feedWith(versions: Record<string, string>, staging = 10): FakeFeed {
  const feed = new FakeFeed();
  for (const [name, version] of Object.entries(versions)) feed.put(name, channelFile(version, 'a', `stagingPercentage: ${staging}\n`));
  return feed;
}

const stableRelease = (version: string) => Object.fromEntries([...LATEST, ...BETA].map((name) => [name, version]));
const staging = (feed: FakeFeed, name: string) => parse(feed.text(name)!).stagingPercentage;

describe('a staged rollout', () => {
  it('pauses a release at 0%: written as stagingPercentage 0, which electron-updater offers to no installed copy', async () => {
    const feed = feedWith(stableRelease('0.3.0'));
    const lines: string[] = [];
    rollOut(feed, { percentage: 0, channel: 'latest' }, (line) => lines.push(line));
    for (const name of [...LATEST, ...BETA]) expect(feed.text(name)).toContain('stagingPercentage: 0\n');
    expect(lines).toContain('latest.yml: 0.3.0 paused: offered to no installed copy (those that have it keep it)');
    expect(await offeredTo(feed.text('latest.yml')!, 300)).toBe(0);
  });

  it('widened to 100% is offered to every installed copy', async () => {
    const feed = feedWith(stableRelease('0.3.0'), 0);
    rollOut(feed, { percentage: 100, channel: 'latest' }, () => {});
    expect(parse(feed.text('latest-mac.yml')!)).not.toHaveProperty('stagingPercentage');
    expect(await offeredTo(feed.text('latest-mac.yml')!, 300)).toBe(300);
  });

  it('widening the stable channel widens the beta files carrying the same release too', () => {
    const feed = feedWith(stableRelease('0.3.0'));
    rollOut(feed, { percentage: 50, channel: 'latest' }, () => {});
    expect([...LATEST, ...BETA].map((name) => staging(feed, name))).toEqual([50, 50, 50, 50, 50, 50]);
  });

  it('leaves a beta file announcing a beta of its own as it is', () => {
    const feed = feedWith({ ...stableRelease('0.3.0'), 'beta-mac.yml': '0.4.0-beta.1' });
    const lines: string[] = [];
    rollOut(feed, { percentage: 50, channel: 'latest' }, (line) => lines.push(line));
    expect(staging(feed, 'beta-mac.yml')).toBe(10);
    expect(staging(feed, 'beta.yml')).toBe(50);
    expect(lines).toContain('beta-mac.yml: announces 0.4.0-beta.1, a beta of its own: left as it is');
  });

  it('on the beta channel changes the beta files only', () => {
    const feed = feedWith({ ...Object.fromEntries(LATEST.map((name) => [name, '0.3.0'])), ...Object.fromEntries(BETA.map((name) => [name, '0.4.0-beta.1'])) });
    rollOut(feed, { percentage: 25, channel: 'beta' }, () => {});
    expect([...LATEST, ...BETA].map((name) => staging(feed, name))).toEqual([10, 10, 10, 25, 25, 25]);
  });

  it('never writes an older release back over one published in between', () => {
    const feed = feedWith(stableRelease('0.3.0'));
    feed.between = () => feed.put('latest.yml', channelFile('0.3.1'));
    expect(() => rollOut(feed, { percentage: 100, channel: 'latest' }, () => {})).toThrow(
      /latest\.yml changed on the feed after it was read.*Run the rollout again/
    );
    expect(parse(feed.text('latest.yml')!).version).toBe('0.3.1');
  });

  it('refuses, before changing anything, when the feed announces another version than the one meant', () => {
    const feed = feedWith({ ...stableRelease('0.3.0'), 'latest-linux.yml': '0.3.1' });
    expect(() => rollOut(feed, { percentage: 0, channel: 'latest', version: 'v0.3.0' }, () => {})).toThrow(
      /latest-linux\.yml announces 0\.3\.1, not v0\.3\.0: nothing was changed/
    );
    expect([...LATEST, ...BETA].map((name) => staging(feed, name))).toEqual([10, 10, 10, 10, 10, 10]);
    const same = feedWith(stableRelease('0.3.0'));
    rollOut(same, { percentage: 0, channel: 'latest', version: 'v0.3.0' }, () => {});
    expect(staging(same, 'latest-linux.yml')).toBe(0);
  });

  it('says so when the channel has no file on the feed', () => {
    expect(() => rollOut(new FakeFeed(), { percentage: 50, channel: 'beta' }, () => {})).toThrow(/No beta channel file found on s3:\/\/updates\/ledgerdesk/);
  });

  it.each([-1, 101, 12.5, Number.NaN])('refuses a percentage of %s', (percentage) => {
    const feed = feedWith(stableRelease('0.3.0'));
    expect(() => rollOut(feed, { percentage, channel: 'latest' }, () => {})).toThrow(/0 \(paused\) to 100/);
    expect(staging(feed, 'latest.yml')).toBe(10);
  });
});
