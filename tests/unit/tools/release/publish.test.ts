import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { publishRelease, type PublishRequest } from '../../../../tools/release/releasing/publishing';
import { FakeFeed, channelFile, releaseFolder } from '../../../support/fakes/fakeFeed';

const STABLE = ['latest.yml', 'latest-mac.yml', 'latest-linux.yml', 'beta.yml', 'beta-mac.yml', 'beta-linux.yml'];

function publish(feed: FakeFeed, version: string, options: Partial<PublishRequest> & { build?: string; channelNames?: string[] } = {}) {
  const { build, channelNames = STABLE, ...rest } = options;
  const lines: string[] = [];
  publishRelease(feed, { ...releaseFolder(version, channelNames, build), version, rollout: 100, allowRollback: false, ...rest }, (line) => lines.push(line));
  return lines;
}

const announced = (feed: FakeFeed, name: string) => parse(feed.text(name) ?? 'version: none\nfiles: []').version;

describe('publishing a release', () => {
  it('puts it on an empty feed, the installer before any channel file, at the rollout asked for', () => {
    const feed = new FakeFeed();
    publish(feed, '0.3.0', { rollout: 10 });
    expect(feed.uploaded).toEqual(['Ledgerdesk-0.3.0-setup.exe']);
    for (const name of STABLE) {
      expect(announced(feed, name)).toBe('0.3.0');
      expect(parse(feed.text(name)!).stagingPercentage).toBe(10);
    }
  });

  it('can publish a release paused (0%), offered to nobody until it is widened', () => {
    const feed = new FakeFeed();
    publish(feed, '0.3.0', { rollout: 0 });
    expect(feed.text('latest.yml')).toContain('stagingPercentage: 0\n');
  });

  it('replaces an older version', () => {
    const feed = new FakeFeed();
    publish(feed, '0.3.0');
    publish(feed, '0.3.1');
    expect(STABLE.map((name) => announced(feed, name))).toEqual(STABLE.map(() => '0.3.1'));
  });

  it('refuses a version lower than the feed’s, before uploading anything', () => {
    const feed = new FakeFeed();
    publish(feed, '0.3.1');
    const before = new Map(feed.files);
    expect(() => publish(feed, '0.3.0')).toThrow(/latest\.yml on the feed announces 0\.3\.1, newer than 0\.3\.0\. .*--allow-rollback/);
    expect(feed.files).toEqual(before);
    expect(feed.uploaded).toEqual(['Ledgerdesk-0.3.1-setup.exe']);
  });

  it('puts a lower version back with the rollback flag, on the beta files that carried the bad one too', () => {
    const feed = new FakeFeed();
    publish(feed, '0.3.1');
    const lines = publish(feed, '0.3.0', { allowRollback: true });
    expect(STABLE.map((name) => announced(feed, name))).toEqual(STABLE.map(() => '0.3.0'));
    expect(lines).toContain('published latest.yml (rolled back from 0.3.1)');
  });

  it('leaves a newer beta on the beta files when a stable release comes out, rollback or not', () => {
    const feed = new FakeFeed();
    publish(feed, '0.4.0-beta.1', { channelNames: ['beta.yml'] });
    const lines = publish(feed, '0.3.2', { allowRollback: true });
    expect(announced(feed, 'beta.yml')).toBe('0.4.0-beta.1');
    expect(announced(feed, 'latest.yml')).toBe('0.3.2');
    expect(lines).toContain("beta.yml keeps 0.4.0-beta.1, the beta channel's newer release");
  });

  it('refuses a beta older than the stable release already on the beta files', () => {
    const feed = new FakeFeed();
    publish(feed, '0.3.0');
    expect(() => publish(feed, '0.3.0-beta.3', { channelNames: ['beta.yml'] })).toThrow(/beta\.yml on the feed announces 0\.3\.0, newer than 0\.3\.0-beta\.3/);
  });

  it('leaves the same release published again as it is, its rollout too', () => {
    const feed = new FakeFeed();
    publish(feed, '0.3.0', { rollout: 10 });
    const lines = publish(feed, '0.3.0', { rollout: 100 });
    expect(parse(feed.text('latest.yml')!).stagingPercentage).toBe(10);
    expect(lines).toContain('latest.yml already announces 0.3.0 (this release): left as it is, its rollout too');
  });

  it('refuses another build of a version already on the feed, even with the rollback flag', () => {
    const feed = new FakeFeed();
    publish(feed, '0.3.0');
    const before = new Map(feed.files);
    expect(() => publish(feed, '0.3.0', { build: 'rebuilt', allowRollback: true })).toThrow(/already announces 0\.3\.0 with other files/);
    expect(feed.files).toEqual(before);
    expect(feed.uploaded).toHaveLength(1);
  });

  it('refuses channel files that announce another version than package.json', () => {
    const feed = new FakeFeed();
    expect(() => publishRelease(feed, { ...releaseFolder('0.3.0', STABLE), version: '0.3.1', rollout: 100, allowRollback: false }, () => {})).toThrow(
      /latest\.yml announces 0\.3\.0, not 0\.3\.1/
    );
    expect(feed.uploaded).toEqual([]);
  });

  it('does not write over a channel file that changed after it was read (a quicker newer tag)', () => {
    const feed = new FakeFeed();
    publish(feed, '0.3.0');
    feed.between = () => feed.put('latest.yml', channelFile('0.3.2'));
    expect(() => publish(feed, '0.3.1')).toThrow(/latest\.yml changed on the feed after it was read.*Run it again/);
    expect(announced(feed, 'latest.yml')).toBe('0.3.2');
    // Run again, it reads 0.3.2 and refuses to go back.
    expect(() => publish(feed, '0.3.1')).toThrow(/announces 0\.3\.2, newer than 0\.3\.1/);
  });

  it('does not write over a channel file that appeared after it was read as absent', () => {
    const feed = new FakeFeed();
    feed.between = () => feed.put('latest-linux.yml', channelFile('0.3.2'));
    expect(() => publish(feed, '0.3.1', { channelNames: ['latest-linux.yml'] })).toThrow(/latest-linux\.yml changed on the feed/);
    expect(announced(feed, 'latest-linux.yml')).toBe('0.3.2');
  });

  it.each([-1, 101, 12.5, Number.NaN])('refuses a rollout of %s before uploading anything', (rollout) => {
    const feed = new FakeFeed();
    expect(() => publish(feed, '0.3.0', { rollout })).toThrow(/0 \(paused\) to 100/);
    expect(feed.uploaded).toEqual([]);
  });
});
