import { spawnSync } from 'node:child_process';

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

const aws = (args: string[], input?: string): string => {
  const result = spawnSync('aws', args, { encoding: 'utf8', input, stdio: ['pipe', 'pipe', 'inherit'] });
  if (result.status !== 0) throw new Error(`aws ${args.slice(0, 3).join(' ')} failed (${result.status ?? result.error?.message}).`);
  return result.stdout;
};

export const upload = (file: string, target: string, cacheControl: string): void =>
  void aws(['s3', 'cp', file, target, '--cache-control', cacheControl, '--only-show-errors']);

export const uploadText = (text: string, target: string, cacheControl: string): void =>
  void aws(['s3', 'cp', '-', target, '--cache-control', cacheControl, '--content-type', 'text/yaml', '--only-show-errors'], text);

/** The file's text, or null when the feed has no such file. */
export function downloadText(source: string): string | null {
  const result = spawnSync('aws', ['s3', 'cp', source, '-', '--only-show-errors'], { encoding: 'utf8' });
  if (result.status === 0) return result.stdout;
  if (/404|Not Found|does not exist/i.test(result.stderr)) return null;
  throw new Error(`aws s3 cp ${source} failed: ${result.stderr.trim()}`);
}
