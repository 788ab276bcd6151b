import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { s3FeedStore } from '../../../../tools/release/releasing/s3';
import { FeedChangedError } from '../../../../tools/release/releasing/store';

const standIn = resolve(__dirname, '../../../support/stand-in-aws.mjs');

/** The S3 store driving a stand-in AWS CLI (same commands, output and errors as the real one) over a folder. */
function feed() {
  const bucket = mkdtempSync(join(tmpdir(), 'ledgerdesk-s3-'));
  const store = s3FeedStore('s3://updates/ledgerdesk', [process.execPath, standIn, bucket]);
  const calls = () =>
    readFileSync(join(bucket, 'calls.log'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as string[]);
  const file = (text: string) => {
    const path = join(bucket, `upload-${Math.random()}`);
    writeFileSync(path, text);
    return path;
  };
  return { store, calls, file };
}

describe('the S3 update feed', () => {
  it('reads a file with its ETag, and nothing for a file it does not have', () => {
    const { store } = feed();
    expect(store.read('latest.yml')).toBeNull();
    store.writeText('latest.yml', 'version: 0.3.0\n', 'no-cache, max-age=0', { ifAbsent: true });
    expect(store.read('latest.yml')).toEqual({ text: 'version: 0.3.0\n', etag: expect.stringMatching(/^".+"$/) });
  });

  it('writes a channel file only over the ETag it read, with its cache header and type', () => {
    const { store, calls } = feed();
    store.writeText('latest.yml', 'version: 0.3.0\n', 'no-cache, max-age=0', { ifAbsent: true });
    const read = store.read('latest.yml')!;
    store.writeText('latest.yml', 'version: 0.3.1\n', 'no-cache, max-age=0', { ifMatch: read.etag });
    const put = calls().filter((args) => args[1] === 'put-object');
    expect(put[0]).toEqual(expect.arrayContaining(['--key', 'ledgerdesk/latest.yml', '--if-none-match', '*', '--cache-control', 'no-cache, max-age=0']));
    expect(put[1]).toEqual(expect.arrayContaining(['--if-match', read.etag, '--content-type', 'text/yaml']));
    expect(store.read('latest.yml')!.text).toBe('version: 0.3.1\n');
  });

  it('refuses, as the feed having changed, a write over an ETag that is no longer there', () => {
    const { store } = feed();
    store.writeText('latest.yml', 'version: 0.3.0\n', 'no-cache', { ifAbsent: true });
    const stale = store.read('latest.yml')!;
    store.writeText('latest.yml', 'version: 0.3.2\n', 'no-cache', { ifMatch: stale.etag });
    expect(() => store.writeText('latest.yml', 'version: 0.3.1\n', 'no-cache', { ifMatch: stale.etag })).toThrow(FeedChangedError);
    expect(() => store.writeText('latest.yml', 'version: 0.3.1\n', 'no-cache', { ifAbsent: true })).toThrow(FeedChangedError);
    expect(store.read('latest.yml')!.text).toBe('version: 0.3.2\n');
  });

  it('uploads an installer under the feed folder, cached for good', () => {
    const { store, calls, file } = feed();
    store.uploadFile('Ledgerdesk-0.3.0-setup.exe', file('installer'), 'public, max-age=31536000, immutable');
    expect(calls()[0]).toEqual(
      expect.arrayContaining(['s3', 'cp', 's3://updates/ledgerdesk/Ledgerdesk-0.3.0-setup.exe', 'public, max-age=31536000, immutable'])
    );
    expect(store.read('Ledgerdesk-0.3.0-setup.exe')!.text).toBe('installer');
  });

  it('names the CLI’s own message when a call fails for another reason', () => {
    const failing = s3FeedStore('s3://updates/ledgerdesk', [process.execPath, '-e', 'console.error("Unable to locate credentials"); process.exit(253)']);
    expect(() => failing.read('latest.yml')).toThrow(/aws s3api get-object ledgerdesk\/latest\.yml failed \(253\): Unable to locate credentials/);
  });
});
