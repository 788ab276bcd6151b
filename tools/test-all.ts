import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { exitWhenPrinted } from './exit-when-printed';

/**
 * `npm test`: every suite in one go (type check, lint, build, security scan, packaging check,
 * the simulation, bench smoke run, unit, integration, end-to-end), and one closing line `N passed, N failed`
 * that sums them all.
 *
 * After the build, two lanes run side by side: the checks and Vitest in one, Playwright in the
 * other. The end-to-end run waits mostly on Chromium and the emulators, so it overlaps well with
 * the checks; run one after the other the suites took about twice as long. Each step's output is
 * kept in test-results/logs/ and printed whole when the step ends, so the two lanes never interleave.
 */
const root = resolve(__dirname, '..');
const results = join(root, 'test-results');
const logs = join(results, 'logs');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}
const total: Tally = { passed: 0, failed: 0, skipped: 0 };
/** Summary lines by suite, in the order the suites ended. */
const lines = new Map<string, string>();
const note = (label: string, line: string) => lines.set(label, line);
const started = Date.now();
const clock = () => `${Math.round((Date.now() - started) / 1000)} s`;

/** Runs one step, its output into its own log file; prints that log once the step has ended. */
function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  const file = join(logs, `${label.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.log`);
  console.log(`[${clock()}] started: ${label} (${command.replace(root + '/', '')} ${args.join(' ')})`);
  return new Promise((done) => {
    const out = createWriteStream(file);
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    const finish = (ok: boolean) =>
      out.end(() => {
        console.log(`\n=== ${label}: ${ok ? 'passed' : 'FAILED'} after ${clock()} (log: ${file.replace(root + '/', '')})`);
        try {
          process.stdout.write(readFileSync(file, 'utf8'));
        } catch (error) {
          console.log(`(its log could not be read: ${(error as Error).message})`);
        }
        done(ok);
      });
    child.once('error', (error) => {
      out.write(`${command} could not start: ${error.message}\n`);
      finish(false);
    });
    child.once('close', (code) => finish(code === 0));
  });
}

const check = async (label: string, command: string, args: string[]) => {
  const passed = await run(label, command, args);
  total[passed ? 'passed' : 'failed'] += 1;
  note(label, `${label}: ${passed ? 'passed' : 'FAILED'}`);
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
  note(label, `${label}: ${passed} passed, ${effectiveFailed} failed, ${skipped} skipped`);
};

/** One Vitest run over the named projects (the unit files come in two: vitest.config.mts, NEEDS_ISOLATION). */
async function vitest(label: string, suite: 'unit' | 'integration', projects: string[] = [suite]): Promise<void> {
  const file = join(results, `vitest-${suite}.json`);
  const retried = join(results, `vitest-${suite}-retried.txt`);
  const ok = await run(
    label,
    bin('vitest'),
    [
      'run',
      ...projects.flatMap((project) => ['--project', project]),
      '--reporter=default',
      '--reporter=json',
      '--reporter=./tools/vitest-retried.ts',
      `--outputFile.json=${file}`
    ],
    { ...process.env, LEDGERDESK_RETRIED_FILE: retried }
  );
  const v = readJson(file);
  add(label, Number(v?.numPassedTests ?? 0), Number(v?.numFailedTests ?? 0), Number(v?.numPendingTests ?? 0) + Number(v?.numTodoTests ?? 0), ok);
  // Passed on a second try (vitest.config.mts retries integration tests once in CI): named, never hidden.
  const flaky = existsSync(retried) ? readFileSync(retried, 'utf8').split('\n').filter(Boolean) : [];
  if (flaky.length) {
    note(label, `${lines.get(label)} (${flaky.length} flaky: passed only on a second try)`);
    for (const name of flaky) console.log(`Flaky (passed on a second try): ${name}`);
  }
}

async function playwright(label: string): Promise<void> {
  const file = join(results, 'e2e.json');
  const ok = await run(label, bin('playwright'), ['test', '--reporter=list,json'], { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: file });
  const stats = (readJson(file)?.stats ?? {}) as Record<string, number>;
  add(label, (stats.expected ?? 0) + (stats.flaky ?? 0), stats.unexpected ?? 0, stats.skipped ?? 0, ok);
  // Passed on their second try (playwright.config.ts retries once in CI): named, never hidden.
  if (stats.flaky) note(label, `${lines.get(label)} (${stats.flaky} flaky: passed only on a second try)`);
}

async function main(): Promise<void> {
  rmSync(results, { recursive: true, force: true });
  mkdirSync(logs, { recursive: true });

  // The end-to-end run serves what the build wrote, so the build comes before both lanes.
  await check('Build', bin('electron-vite'), ['build']);

  const checksAndVitest = async () => {
    await check('Type check', 'npm', ['run', '--silent', 'typecheck']);
    await check('Lint (architecture boundaries)', 'npm', ['run', '--silent', 'lint']);
    await check('Security scan (Electronegativity)', 'npm', ['run', '--silent', 'security']);
    await check('Packaging check (app.asar contents)', 'npm', ['run', '--silent', 'pack:check']);
    await check('Functions check (npm run functions:check: bundle, manifest, triggers)', 'npm', ['run', '--silent', 'functions:check']);
    // The simulation on a new seed (printed in its log): 2,000 operations with faults, the money invariants after each.
    await check('Simulation (npm run simulate -- --ops 2000)', bin('tsx'), ['tools/simulate/simulate.ts', '--ops', '2000']);
    // A tiny run keeps `npm run bench` working; its figures mean something only at the default scale.
    await check('Benchmark smoke run (npm run bench -- --scale 0.01)', bin('tsx'), ['tools/bench/bench.ts', '--scale', '0.01']);
    // Integration test files lease emulators from their own pairs (tests/support/integration/global-setup.ts),
    // and the e2e run starts its own (tests/support/e2e/global-setup.ts): nothing is shared between them.
    await vitest('Vitest (unit)', 'unit', ['unit', 'unit-isolated']);
    await vitest('Vitest (integration)', 'integration');
  };
  await Promise.all([checksAndVitest(), playwright('Playwright')]);

  console.log(`\n=== Summary (${clock()})`);
  for (const line of lines.values()) console.log(line);
  const skipped = total.skipped ? `, ${total.skipped} skipped` : '';
  console.log(`${total.passed} passed, ${total.failed} failed${skipped}`);
  exitWhenPrinted(total.failed === 0 && existsSync(root) ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  console.log('0 passed, 1 failed');
  exitWhenPrinted(1);
});
