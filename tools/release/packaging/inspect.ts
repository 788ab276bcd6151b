/**
 * What must and must not be inside app.asar, as a pure function of its file list, so the rules
 * are unit-tested and pack:check only gathers the facts.
 */
export interface AsarFacts {
  /** Paths inside the archive, with forward slashes and no leading slash. */
  files: string[];
  /** The packaged package.json. */
  manifest: { main?: string; dependencies?: Record<string, string> };
  /** Lockfile entries by path ('node_modules/react' -> { version, dev: true }). */
  lock: Record<string, { version?: string; dev?: boolean; devOptional?: boolean }>;
  /** name@version of each package folder in the archive, by its path. */
  packages: Record<string, string>;
  /** Contents of the .map files found, by path (empty when there are none). */
  sourceMaps: Record<string, string>;
  /** Contents of the main process's bundled scripts (out/main/*.js), by path. */
  mainScripts: Record<string, string>;
}

export interface Check {
  name: string;
  ok: boolean;
  detail?: string;
}

const REQUIRED = ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html', 'package.json'];
const FORBIDDEN_TREES = ['src/', 'tests/', 'tools/', 'server/', 'resources/', 'test-results/', 'screenshots/', '.ledgerdesk/'];
const SECRET_PATTERNS = [/apiKey/i, /private_key/i, /BEGIN [A-Z ]*PRIVATE KEY/, /password\s*=/i, /client_secret/i];
/**
 * Traces of test code that must never ship: the TOTP stand-in of the auth gateway (tests/support/
 * totpStandIn.ts: it accepts any code its test secret makes), by its name, its factor's label (which
 * survives minifying) and the variable that once switched it on in the app.
 */
const TEST_ONLY_TRACES = ['totpStandIn', 'Authenticator app (test stand-in)', 'LEDGERDESK_TEST_TOTP_SECRET'];

/** 'node_modules/a/node_modules/@b/c/lib/x.js' -> 'node_modules/a/node_modules/@b/c' */
export function packageRoot(path: string): string | null {
  const parts = path.split('/');
  let end = -1;
  for (let i = 0; i < parts.length; i++) {
    if (parts[i] !== 'node_modules') continue;
    const scoped = parts[i + 1]?.startsWith('@');
    end = i + (scoped ? 2 : 1);
    i = end;
  }
  return end < 0 ? null : parts.slice(0, end + 1).join('/');
}

export function inspectAsar(facts: AsarFacts): Check[] {
  const files = new Set(facts.files);
  const checks: Check[] = [];

  const missing = REQUIRED.filter((file) => !files.has(file));
  checks.push({ name: 'main, preload and renderer bundles present', ok: missing.length === 0, detail: missing.join(', ') });

  const assets = facts.files.filter((f) => f.startsWith('out/renderer/assets/') && f.endsWith('.js'));
  checks.push({ name: 'renderer script bundle present', ok: assets.length > 0 });

  const main = facts.manifest.main?.replace(/^\.\//, '');
  checks.push({
    name: 'package.json "main" points at a packaged file',
    ok: main !== undefined && files.has(main),
    detail: main ?? 'no "main"'
  });

  const runtime = Object.keys(facts.manifest.dependencies ?? {});
  const absent = runtime.filter((name) => !files.has(`node_modules/${name}/package.json`));
  checks.push({ name: 'every runtime dependency packaged', ok: absent.length === 0, detail: absent.join(', ') });

  // electron-builder hoists packages its own way, so match by name@version, not by path: a
  // package is dev-only when every lockfile copy of that exact version is marked dev.
  const production = new Set<string>();
  const known = new Set<string>();
  for (const [path, entry] of Object.entries(facts.lock)) {
    const name = path.replace(/^.*node_modules\//, '');
    if (!path || !entry.version) continue;
    known.add(`${name}@${entry.version}`);
    if (!entry.dev && !entry.devOptional) production.add(`${name}@${entry.version}`);
  }
  const devOnly = [...new Set(Object.values(facts.packages))].filter((id) => !production.has(id));
  const labelled = devOnly.map((id) => (known.has(id) ? id : `${id} (not in package-lock.json)`)).sort();
  checks.push({ name: 'no devDependencies', ok: devOnly.length === 0, detail: labelled.join(', ') });

  const strays = facts.files.filter((f) => FORBIDDEN_TREES.some((tree) => f.startsWith(tree)));
  checks.push({ name: 'no sources, tests or scripts', ok: strays.length === 0, detail: strays.slice(0, 5).join(', ') });

  const envFiles = facts.files.filter((f) => /(^|\/)\.env(\.|$)/.test(f));
  checks.push({ name: 'no .env files', ok: envFiles.length === 0, detail: envFiles.join(', ') });

  const leaky = Object.entries(facts.sourceMaps)
    .filter(([path]) => !path.includes('node_modules/'))
    .filter(([, text]) => SECRET_PATTERNS.some((pattern) => pattern.test(text)))
    .map(([path]) => path);
  const traces = Object.entries(facts.mainScripts).flatMap(([path, text]) =>
    TEST_ONLY_TRACES.filter((trace) => text.includes(trace)).map((trace) => `${path}: ${trace}`)
  );
  checks.push({ name: 'no test stand-ins in the main bundle', ok: traces.length === 0, detail: traces.join(', ') });

  const ownMaps = Object.keys(facts.sourceMaps).filter((p) => !p.includes('node_modules/'));
  checks.push({
    name: 'no source maps of our code (none can leak secrets)',
    ok: ownMaps.length === 0 && leaky.length === 0,
    detail: [...new Set([...ownMaps, ...leaky])].join(', ')
  });
  return checks;
}
