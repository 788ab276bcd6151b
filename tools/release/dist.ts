/**
 * `npm run dist` (after `electron-vite build`): the installers for this OS into dist/.
 *   --release   what the release workflow builds: signed (forceCodeSigning), notarized on macOS,
 *               refused before anything is built when a credential is missing
 *   --unsigned  test installers that are never published (no signing, no notarization)
 * On Linux the AppImage and the deb are built in separate runs (docs/operations/releasing.md, "Linux packages").
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { collectRuns } from './releasing/collect';
import { distPlan, type DistMode } from './releasing/plan';

const root = resolve(__dirname, '../..');
const argv = process.argv.slice(2);
const mode: DistMode = argv.includes('--release') ? 'release' : argv.includes('--unsigned') ? 'unsigned' : 'local';
const output = join(root, 'dist');

const plan = distPlan({ platform: process.platform, mode, env: process.env, output });
if (plan.problems.length) {
  for (const problem of plan.problems) console.error(`✗ ${problem}`);
  process.exit(1);
}

// Its CLI through Node itself, not a shell: arguments such as a publisher name keep their spaces on Windows.
const builder = join(root, 'node_modules', 'electron-builder', 'cli.js');
for (const run of plan.runs) {
  console.log(`\n=== ${run.label}: electron-builder ${run.args.join(' ')}`);
  const { status } = spawnSync(process.execPath, [builder, ...run.args], { cwd: root, stdio: 'inherit', env: { ...process.env, ...plan.env } });
  if (status !== 0) process.exit(status ?? 1);
}

if (plan.runs.length > 1) {
  mkdirSync(output, { recursive: true });
  const files = collectRuns(
    output,
    plan.runs.map((run) => run.output)
  );
  console.log(`\nCollected into dist/: ${files.join(', ')}`);
}
