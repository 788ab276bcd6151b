/**
 * `npm run functions:build`: the platform side as built JavaScript, from the same sources the tests run.
 * - functions/lib/index.js: the Cloud Functions codebase (functions/src), deployed by `firebase deploy`;
 * - server/dist/index.js: the backend host as a plain Node service (`node server/dist/index.js`).
 * npm packages stay outside the bundles; each bundle's package.json must list every one it imports, at
 * the version range this repository is tested with, or the build fails saying which.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build, type Metafile } from 'esbuild';

const root = resolve(__dirname, '../..');
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

export interface Bundle {
  /** What the bundle is, in the build's own words. */
  name: string;
  entry: string;
  outfile: string;
  /** The folder whose package.json is deployed with the bundle. */
  packageDir: string;
}

export const BUNDLES: Bundle[] = [
  { name: 'functions', entry: 'functions/src/index.ts', outfile: 'functions/lib/index.js', packageDir: 'functions' },
  { name: 'backend host service', entry: 'server/index.ts', outfile: 'server/dist/index.js', packageDir: 'server' }
];

/** The package a bare import names ('firebase-admin/app' -> 'firebase-admin', '@scope/x/y' -> '@scope/x'); null for node: built-ins. */
export function packageOf(specifier: string): string | null {
  if (specifier.startsWith('node:') || specifier.startsWith('.') || specifier.startsWith('/')) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** The npm packages a bundle imports at run time. */
export function externalPackages(metafile: Metafile): string[] {
  const names = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const imported of output.imports) {
      const name = imported.external ? packageOf(imported.path) : null;
      if (name) names.add(name);
    }
  }
  return [...names].sort();
}

/** Why a bundle's package.json would not run it: a package it imports that is not a dependency, or at another range than the repository's. */
export function dependencyProblems(bundle: string, imported: string[], deployed: Record<string, string>, tested: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const name of imported) {
    if (!(name in deployed)) problems.push(`${bundle} imports ${name}, which its package.json does not list under dependencies.`);
    else if (tested[name] && deployed[name] !== tested[name]) {
      problems.push(`${bundle} deploys ${name} ${deployed[name]}, but this repository is tested with ${tested[name]}: make them the same.`);
    }
  }
  return problems;
}

export async function buildPlatform(log: (line: string) => void = console.log): Promise<void> {
  const rootPackage = readJson(join(root, 'package.json'));
  const tested = { ...(rootPackage.dependencies as Record<string, string>), ...(rootPackage.devDependencies as Record<string, string>) };
  const problems: string[] = [];
  for (const bundle of BUNDLES) {
    const result = await build({
      entryPoints: [join(root, bundle.entry)],
      outfile: join(root, bundle.outfile),
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node22',
      packages: 'external',
      sourcemap: true,
      metafile: true,
      logLevel: 'warning',
      define: { 'process.env.LEDGERDESK_VERSION': JSON.stringify(String(rootPackage.version)) }
    });
    const deployed = (readJson(join(root, bundle.packageDir, 'package.json')).dependencies ?? {}) as Record<string, string>;
    problems.push(...dependencyProblems(bundle.name, externalPackages(result.metafile), deployed, tested));
    log(`Built ${bundle.name}: ${bundle.outfile}`);
  }
  if (problems.length) throw new Error(problems.join('\n'));
}

if (require.main === module) {
  buildPlatform().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
