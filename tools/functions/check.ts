/**
 * `npm run functions:check`: builds the functions bundle offline, prints its manifest (each function, its
 * trigger, region, retry, memory and timeout) and fails when a trigger is missing or changed against
 * functions/triggers.json. After a deliberate change, `npm run functions:check -- --write` rewrites that file,
 * and the diff shows the change for review.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { buildPlatform } from './build';
import { manifestChanges, manifestOf, manifestTable, type DeployedFunction } from './manifest';

const root = resolve(__dirname, '../..');
const EXPECTED = join(root, 'functions', 'triggers.json');

async function main(): Promise<void> {
  await buildPlatform();
  // Loaded as `firebase deploy` loads it: the bundle's exports carry their endpoints; nothing runs.
  const built = manifestOf(createRequire(__filename)(join(root, 'functions', 'lib', 'index.js')) as Record<string, unknown>);
  console.log(`\n${manifestTable(built)}\n`);
  if (process.argv.includes('--write')) {
    writeFileSync(EXPECTED, `${JSON.stringify(built, null, 2)}\n`);
    console.log(`Wrote ${built.length} functions to functions/triggers.json.`);
    return;
  }
  const expected = JSON.parse(readFileSync(EXPECTED, 'utf8')) as DeployedFunction[];
  const changes = manifestChanges(expected, built);
  if (changes.length) {
    console.error(`The functions differ from functions/triggers.json:\n- ${changes.join('\n- ')}`);
    console.error('If the change is meant, run `npm run functions:check -- --write` and commit functions/triggers.json.');
    process.exit(1);
  }
  console.log(`${built.length} functions, each with the trigger functions/triggers.json expects.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
