import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FeedChangedError, type FeedStore, type WriteCondition } from './store';

/**
 * The update feed is a folder on S3-compatible storage (AWS S3, Cloudflare R2, ...) served over
 * https, written with the AWS CLI. UPDATE_FEED_S3_URI names the folder (s3://bucket/ledgerdesk);
 * the CLI reads AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION and, for other providers,
 * AWS_ENDPOINT_URL itself.
 */
export function feedFolder(env: NodeJS.ProcessEnv): string {
  const uri = env.UPDATE_FEED_S3_URI?.trim().replace(/\/+$/, '');
  if (!uri?.startsWith('s3://')) throw new Error('UPDATE_FEED_S3_URI must name the feed folder, like s3://bucket/ledgerdesk.');
  return uri;
}

type Run = (args: string[]) => SpawnSyncReturns<string>;

const failed = (what: string, result: ReturnType<Run>): Error =>
  new Error(`aws ${what} failed (${result.status ?? result.error?.message}): ${(result.stderr ?? '').trim()}`);

/**
 * Channel files go through s3api, whose PutObject takes If-Match (the ETag read) and
 * If-None-Match: * (only while absent): AWS S3 and Cloudflare R2 refuse such a write with 412
 * PreconditionFailed once the file changed, or 409 ConditionalRequestConflict while another write
 * to it is under way. The AWS CLI knows the two options since the end of 2024 (GitHub's runners have one).
 * `cli` is the command and its first arguments (tests hand it a stand-in).
 */
export function s3FeedStore(folder: string, cli: string[] = ['aws']): FeedStore {
  const [command = 'aws', ...first] = cli;
  const aws: Run = (args) => spawnSync(command, [...first, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const [, bucket = '', prefix = ''] = /^s3:\/\/([^/]+)\/?(.*)$/.exec(folder) ?? [];
  const key = (name: string) => (prefix ? `${prefix}/${name}` : name);
  const scratch = () => mkdtempSync(join(tmpdir(), 'ledgerdesk-feed-'));

  return {
    where: folder,

    read(name) {
      const dir = scratch();
      try {
        const out = join(dir, name);
        const result = aws(['s3api', 'get-object', '--bucket', bucket, '--key', key(name), out]);
        if (result.status !== 0) {
          if (/NoSuchKey|\(404\)|Not Found/i.test(result.stderr)) return null;
          throw failed(`s3api get-object ${key(name)}`, result);
        }
        const { ETag } = JSON.parse(result.stdout) as { ETag?: string };
        if (!ETag) throw new Error(`The feed gave ${name} without an ETag, so it cannot be written back safely.`);
        return { text: readFileSync(out, 'utf8'), etag: ETag };
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },

    uploadFile(name, path, cacheControl) {
      const result = aws(['s3', 'cp', path, `${folder}/${name}`, '--cache-control', cacheControl, '--only-show-errors']);
      if (result.status !== 0) throw failed(`s3 cp ${name}`, result);
    },

    writeText(name, text, cacheControl, condition: WriteCondition) {
      const dir = scratch();
      try {
        const body = join(dir, name);
        writeFileSync(body, text);
        const precondition = 'ifMatch' in condition ? ['--if-match', condition.ifMatch] : ['--if-none-match', '*'];
        const args = ['s3api', 'put-object', '--bucket', bucket, '--key', key(name), '--body', body];
        const result = aws([...args, '--cache-control', cacheControl, '--content-type', 'text/yaml', ...precondition]);
        if (result.status === 0) return;
        if (/PreconditionFailed|ConditionalRequestConflict|\(412\)|\(409\)/.test(result.stderr)) throw new FeedChangedError(name);
        throw failed(`s3api put-object ${key(name)}`, result);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  };
}
