import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * `npm test`: every suite in one go (type check, lint, build, security scan, packaging check,
 * unit, integration, end-to-end), and one closing line
 * `N passed, N failed` that sums them all.
 */
const root = resolve(__dirname, '..');
const results = join(root, 'test-results');

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}
const total: Tally = { passed: 0, failed: 0, skipped: 0 };
const lines: string[] = [];

const run = (label: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): boolean => {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const { status } = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  return status === 0;
};

const check = (label: string, command: string, args: string[]) => {
  const passed = run(label, command, args);
  total[passed ? 'passed' : 'failed'] += 1;
  lines.push(`${label}: ${passed ? 'passed' : 'FAILED'}`);
};

const readJson = (file: string): Record<string, unknown> | null => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

const add = (label: string, passed: number, failed: number, skipped: number, exitedCleanly: boolean) => {
  // A runner that crashed before reporting counts as one failure, never as silence.
  const effectiveFailed = failed === 0 && !exitedCleanly ? 1 : failed;
  total.passed += passed;
  total.failed += effectiveFailed;
  total.skipped += skipped;
  lines.push(`${label}: ${passed} passed, ${effectiveFailed} failed, ${skipped} skipped`);
};

async function main(): Promise<void> {
  rmSync(results, { recursive: true, force: true });
  mkdirSync(results, { recursive: true });
  const bin = (name: string) => join(root, 'node_modules', '.bin', name);

  check('Type check', 'npm', ['run', '--silent', 'typecheck']);
  check('Lint (architecture boundaries)', 'npm', ['run', '--silent', 'lint']);
  check('Build', bin('electron-vite'), ['build']);
  check('Security scan (Electronegativity)', 'npm', ['run', '--silent', 'security']);
  check('Packaging check (app.asar contents)', 'npm', ['run', '--silent', 'pack:check']);
  // A tiny run keeps `npm run bench` working; its figures mean something only at the default scale.
  check('Benchmark smoke run (npm run bench -- --scale 0.01)', bin('tsx'), ['tools/bench/bench.ts', '--scale', '0.01']);

  // Integration test files start emulators of their own (tests/support/integration-emulators.ts),
  // and so does the e2e run (tests/e2e/support/global-setup.ts): nothing is shared between them.
  const vitestFile = join(results, 'vitest.json');
  const vitestOk = run('Unit and integration (Vitest)', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestFile}`]);
  const v = readJson(vitestFile);
  add('Vitest', Number(v?.numPassedTests ?? 0), Number(v?.numFailedTests ?? 0), Number(v?.numPendingTests ?? 0) + Number(v?.numTodoTests ?? 0), vitestOk);

  const e2eFile = join(results, 'e2e.json');
  const e2eOk = run('End-to-end (Playwright, Chromium)', bin('playwright'), ['test', '--reporter=list,json'], {
    ...process.env,
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eFile
  });
  const stats = (readJson(e2eFile)?.stats ?? {}) as Record<string, number>;
  add('Playwright', (stats.expected ?? 0) + (stats.flaky ?? 0), stats.unexpected ?? 0, stats.skipped ?? 0, e2eOk);

  console.log('\n=== Summary');
  for (const line of lines) console.log(line);
  const skipped = total.skipped ? `, ${total.skipped} skipped` : '';
  console.log(`${total.passed} passed, ${total.failed} failed${skipped}`);
  process.exit(total.failed === 0 && existsSync(root) ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
