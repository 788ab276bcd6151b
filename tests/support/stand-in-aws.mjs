// A stand-in for the AWS CLI's few commands the update feed uses, over a folder: `node stand-in-aws.mjs
// <store folder> <aws arguments>`. It answers as the real CLI does against S3 (output, messages, exit
// code 254/255), honouring If-Match and If-None-Match: *, and logs each call's arguments to calls.log.
import { createHash } from 'node:crypto';
import { appendFileSync, copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const [store, ...args] = process.argv.slice(2);
appendFileSync(join(store, 'calls.log'), `${JSON.stringify(args)}\n`);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const objectPath = (bucket, key) => join(store, bucket, key);
const etagOf = (file) => `"${createHash('md5').update(readFileSync(file)).digest('hex')}"`;
const fail = (code, operation, message) => {
  process.stderr.write(`\nAn error occurred (${code}) when calling the ${operation} operation: ${message}\n`);
  process.exit(254);
};

const [service, command] = args;
if (service === 's3api' && command === 'get-object') {
  const file = objectPath(option('--bucket'), option('--key'));
  if (!existsSync(file)) fail('NoSuchKey', 'GetObject', 'The specified key does not exist.');
  copyFileSync(file, args.at(-1));
  process.stdout.write(JSON.stringify({ ContentLength: readFileSync(file).length, ETag: etagOf(file), Metadata: {} }, null, 4));
} else if (service === 's3api' && command === 'put-object') {
  const file = objectPath(option('--bucket'), option('--key'));
  const [ifMatch, ifNoneMatch] = [option('--if-match'), option('--if-none-match')];
  const present = existsSync(file);
  if ((ifMatch && (!present || etagOf(file) !== ifMatch)) || (ifNoneMatch === '*' && present)) {
    fail('PreconditionFailed', 'PutObject', 'At least one of the pre-conditions you specified did not hold');
  }
  mkdirSync(dirname(file), { recursive: true });
  copyFileSync(option('--body'), file);
  process.stdout.write(JSON.stringify({ ETag: etagOf(file) }, null, 4));
} else if (service === 's3' && command === 'cp') {
  const [, bucket, key] = /^s3:\/\/([^/]+)\/(.+)$/.exec(args[3]);
  mkdirSync(dirname(objectPath(bucket, key)), { recursive: true });
  copyFileSync(args[2], objectPath(bucket, key));
} else {
  process.stderr.write(`stand-in aws: ${args.join(' ')} is not a command the feed uses\n`);
  process.exit(252);
}
