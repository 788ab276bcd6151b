import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { excludedChecks, securityJustifications } from '../../src/main/electron/securityJustifications';
import { formatReview, reviewScan, toFinding, type ScanError } from './security/findings';
import { ensureBuilt } from './ensureBuilt';
import { scanTargets, stage } from './security/targets';
import { exitWhenPrinted } from '../exit-when-printed';

/**
 * `npm run security`: Electronegativity over the built main, preload and renderer HTML; every
 * finding must be justified in src/main/electron/securityJustifications.ts, or the run fails.
 */
const root = resolve(__dirname, '../..');
const resultsDir = join(root, 'test-results', 'security');
// A copy outside the repository, so nothing that packs or lints the tree ever picks it up.
const scanDir = mkdtempSync(join(tmpdir(), 'ledgerdesk-electronegativity-'));
// The tool fetches translations (1 s timeout, retried) before scanning; the scan itself takes ~1 s.
const SCAN_TIMEOUT_MS = 45_000;

const requireHere = createRequire(__filename);

interface RunOptions {
  input: string;
  isRelative: boolean;
  electronVersionOverride: string;
  customScan: string[];
  excludeFromScan: string[];
  parserPlugins: string[];
}
interface RunResult {
  globalChecks: number;
  atomicChecks: number;
  errors: ScanError[];
  issues: unknown[];
}
type Run = (options: RunOptions, forCli: boolean) => Promise<RunResult>;
interface ToolUtil {
  list_files(dir: string): Promise<string[] | undefined>;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`Electronegativity did not finish within ${ms / 1000} s`)), ms);
    promise.then(resolvePromise, reject).finally(() => clearTimeout(timer));
  });
}

async function main(): Promise<number> {
  const started = Date.now();
  ensureBuilt(root);
  const targets = scanTargets(root);
  const names = stage(root, scanDir, targets);
  const electronVersion = String(JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')).version);
  const toolVersion = String(requireHere('@doyensec/electronegativity/package.json').version);
  const run = requireHere('@doyensec/electronegativity') as Run;
  const { list_files: listFiles } = requireHere('@doyensec/electronegativity/dist/util') as ToolUtil;
  if (typeof run !== 'function' || typeof listFiles !== 'function') {
    throw new Error('@doyensec/electronegativity no longer exposes its runner and file lister');
  }
  // The same lister the runner uses for a directory, asked separately because the runner does not report it.
  const listed = (await listFiles(scanDir)) ?? [];

  console.log(`Electronegativity ${toolVersion}, Electron ${electronVersion}, over:\n  ${targets.join('\n  ')}`);
  const result = await withTimeout(
    run(
      {
        input: scanDir,
        isRelative: true,
        electronVersionOverride: electronVersion,
        customScan: [],
        // The runner matches exclusions against lower-cased class names (CSP_JS_CHECK -> cspjscheck).
        excludeFromScan: excludedChecks.map(({ check }) => check.replace(/_/g, '').toLowerCase()),
        parserPlugins: []
      },
      false
    ),
    SCAN_TIMEOUT_MS
  );

  const fileOf = (reported: string) => (reported === 'N/A' ? reported : (names.get(reported.split(sep).join('/')) ?? reported));
  const lines = new Map<string, string[]>();
  const lineOf = (file: string, line: number) => {
    if (!lines.has(file)) lines.set(file, existsSync(join(root, file)) ? readFileSync(join(root, file), 'utf8').split('\n') : []);
    return lines.get(file)?.[line - 1] ?? '';
  };
  const findings = result.issues.map((issue) => toFinding(issue, { fileOf, lineOf }));
  const errors = result.errors.map((error) => ({ ...error, file: fileOf(relative(scanDir, error.file)) }));
  const scannedFiles = listed.map((file) => fileOf(relative(scanDir, file)));
  const review = reviewScan({ targets, scannedFiles, findings, errors }, securityJustifications);

  console.log(`${result.atomicChecks} atomic and ${result.globalChecks} global checks ran over ${scannedFiles.length} files.`);
  for (const line of formatReview(review, excludedChecks)) console.log(line);
  console.log(
    'note         The webPreferences checks only recognise a bare `new BrowserWindow({...})`; the bundle says ' +
      '`new electron.BrowserWindow(options)`, so tests/unit/main/electron/browserWindows.test.ts and window.test.ts guard them.'
  );
  mkdirSync(resultsDir, { recursive: true });
  const reportFile = join(resultsDir, 'electronegativity.json');
  const report = { toolVersion, electronVersion, targets, scannedFiles, excludedChecks, ...review };
  const asText = (_key: string, value: unknown) => (value instanceof RegExp ? String(value) : value);
  writeFileSync(reportFile, `${JSON.stringify(report, asText, 2)}\n`);
  console.log(`Report: ${relative(root, reportFile)} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return review.passed ? 0 : 1;
}

const exit = (code: number): void => {
  rmSync(scanDir, { recursive: true, force: true });
  exitWhenPrinted(code);
};

main().then(exit, (error: unknown) => {
  console.error(`FAILED: ${error instanceof Error ? error.message : String(error)}`);
  exit(1);
});
