/**
 * `npm run audit:prod [-- --from <report.json>]`: `npm audit --omit=dev --json` (the packages the
 * installed app carries) checked against tools/release/audit-allowlist.json; fails on an advisory
 * not allowed, or allowed past its date. --from reads a saved report instead of asking the registry.
 * The rules: security/advisories.ts; docs/operations/releasing.md, "Dependency updates".
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AllowList, advisoriesIn, formatVerdict, judgeAdvisories } from './security/advisories';

const root = resolve(__dirname, '../..');

function auditReport(args: string[]): unknown {
  const fromAt = args.indexOf('--from');
  if (fromAt >= 0) return JSON.parse(readFileSync(resolve(args[fromAt + 1] ?? ''), 'utf8'));
  // npm exits 1 when it finds anything; the report on stdout says what.
  const npm = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: root, encoding: 'utf8', shell: process.platform === 'win32' });
  if (!npm.stdout.trim()) throw new Error(`npm audit wrote no report: ${npm.stderr.trim()}`);
  return JSON.parse(npm.stdout);
}

function main(): void {
  const allowList = AllowList.parse(JSON.parse(readFileSync(join(__dirname, 'audit-allowlist.json'), 'utf8')));
  const verdict = judgeAdvisories(advisoriesIn(auditReport(process.argv.slice(2))), allowList, new Date().toISOString().slice(0, 10));
  console.log(formatVerdict(verdict));
  if (!verdict.passed) process.exit(1);
}

try {
  main();
} catch (error) {
  console.error(`✗ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
