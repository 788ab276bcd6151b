import { describe, expect, it } from 'vitest';
import { inspectAsar, packageRoot, type AsarFacts } from '../../../../tools/release/packaging/inspect';

const good = (): AsarFacts => ({
  files: [
    'package.json',
    'out/main/index.js',
    'out/main/web.js',
    'out/preload/index.cjs',
    'out/renderer/index.html',
    'out/renderer/assets/index-abc.js',
    'node_modules/zod/package.json',
    'node_modules/zod/index.js',
    'node_modules/semver/package.json'
  ],
  manifest: { main: './out/main/index.js', dependencies: { zod: '^4.0.0' } },
  lock: {
    '': {},
    'node_modules/zod': { version: '4.1.0' },
    'node_modules/semver': { version: '6.3.1', dev: true },
    'node_modules/electron-updater/node_modules/semver': { version: '7.7.0' },
    'node_modules/react': { version: '19.0.0', dev: true }
  },
  packages: { 'node_modules/zod': 'zod@4.1.0', 'node_modules/semver': 'semver@7.7.0' },
  sourceMaps: {},
  mainScripts: {
    'out/main/index.js': '"use strict";\nconst gateway = wrapAuth(firebase ? firebaseAuthGateway(firebase.auth) : notConnected(problem));\n',
    'out/main/web.js': '"use strict";\n'
  }
});

const failing = (facts: AsarFacts) =>
  inspectAsar(facts)
    .filter((c) => !c.ok)
    .map((c) => c.name);

describe('app.asar inspection', () => {
  it('passes a clean package, even when the builder hoists a production copy differently', () => {
    expect(failing(good())).toEqual([]);
  });

  it('flags a devDependency by name and version', () => {
    const facts = good();
    facts.files.push('node_modules/react/package.json');
    facts.packages['node_modules/react'] = 'react@19.0.0';
    const check = inspectAsar(facts).find((c) => c.name === 'no devDependencies');
    expect(check).toMatchObject({ ok: false, detail: 'react@19.0.0' });
  });

  it('flags a package that is not in the lockfile at all', () => {
    const facts = good();
    facts.packages['node_modules/mystery'] = 'mystery@1.0.0';
    expect(inspectAsar(facts).find((c) => c.name === 'no devDependencies')?.detail).toContain('not in package-lock.json');
  });

  it('flags a missing preload bundle and a main that points nowhere', () => {
    const facts = good();
    facts.files = facts.files.filter((f) => f !== 'out/preload/index.cjs');
    facts.manifest.main = './out/main/missing.js';
    expect(failing(facts)).toEqual(['main, preload and renderer bundles present', 'package.json "main" points at a packaged file']);
  });

  it('flags a runtime dependency left out', () => {
    const facts = good();
    facts.manifest.dependencies = { zod: '^4', firebase: '^12' };
    expect(inspectAsar(facts).find((c) => c.name === 'every runtime dependency packaged')).toMatchObject({ ok: false, detail: 'firebase' });
  });

  it('flags sources, tests, .env files and our own source maps', () => {
    const facts = good();
    facts.files.push('tests/unit/x.test.ts', 'src/main/index.ts', '.env.production', 'out/main/index.js.map');
    facts.sourceMaps['out/main/index.js.map'] = '{"sourcesContent":["const apiKey = \\"AIza\\""]}';
    expect(failing(facts)).toEqual(['no sources, tests or scripts', 'no .env files', 'no source maps of our code (none can leak secrets)']);
  });

  it('flags the TOTP stand-in in the main bundle, by its name or by its factor label once minified', () => {
    const facts = good();
    facts.mainScripts['out/main/index.js'] += 'function totpStandIn(inner, secret, now = Date.now) {}\n';
    facts.mainScripts['out/main/chunks/session-1a2b.js'] = 'const f="Authenticator app (test stand-in)";';
    expect(failing(facts)).toEqual(['no test stand-ins in the main bundle']);
    expect(inspectAsar(facts).find((c) => c.name === 'no test stand-ins in the main bundle')?.detail).toBe(
      'out/main/index.js: totpStandIn, out/main/chunks/session-1a2b.js: Authenticator app (test stand-in)'
    );
  });

  it('flags the variable that used to switch the stand-in on', () => {
    const facts = good();
    facts.mainScripts['out/main/web.js'] += 'const secret = env.LEDGERDESK_TEST_TOTP_SECRET;\n';
    expect(failing(facts)).toEqual(['no test stand-ins in the main bundle']);
  });

  it('finds the package a file belongs to, scoped and nested', () => {
    expect(packageRoot('node_modules/a/lib/x.js')).toBe('node_modules/a');
    expect(packageRoot('node_modules/a/node_modules/@b/c/lib/x.js')).toBe('node_modules/a/node_modules/@b/c');
    expect(packageRoot('out/main/index.js')).toBeNull();
  });
});
