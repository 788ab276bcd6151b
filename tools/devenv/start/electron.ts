// The Electron binary of the installed `electron` package: where it is, and getting it with
// Electron's own installer when it is missing.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface ElectronPackage {
  /** node_modules/electron */
  dir: string;
  version: string;
}

export function electronPackage(root: string): ElectronPackage | null {
  const dir = join(root, 'node_modules', 'electron');
  try {
    const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string };
    return { dir, version };
  } catch {
    return null;
  }
}

/** The executable, as the electron package's index.js finds it, without downloading anything. */
export function electronBinary(dir: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const pathFile = join(dir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    const candidate = join(env.ELECTRON_OVERRIDE_DIST_PATH, relative ?? (process.platform === 'win32' ? 'electron.exe' : 'electron'));
    return existsSync(candidate) ? candidate : null;
  }
  if (!relative) return null;
  const binary = join(dir, 'dist', relative);
  return existsSync(binary) ? binary : null;
}

export interface Progress {
  transferred: number;
  total: number | null;
}

export interface DownloadOptions {
  pkg: ElectronPackage;
  env?: NodeJS.ProcessEnv;
  /** Told as bytes arrive. */
  onProgress?: (p: Progress) => void;
  /** Told once the archive is here and Electron's installer unpacks it. */
  onInstalling?: () => void;
  /** Give up when no byte arrived for this long (default 30 s). */
  stallMs?: number;
  /** Aborts the download (Ctrl+C). */
  signal?: AbortSignal;
}

export type DownloadOutcome = { ok: true; binary: string } | { ok: false; reason: string };

type DownloadArtifact = (details: Record<string, unknown>) => Promise<string>;

/** "connect ECONNREFUSED 127.0.0.1:9" rather than undici's bare "fetch failed". */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as Error & { cause?: unknown }).cause;
  const detail = cause instanceof Error ? cause.message : typeof cause === 'string' ? cause : '';
  const message = error.message.split('\n')[0]!.trim();
  return detail && !message.includes(detail) ? `${message}: ${detail}` : message;
}

/**
 * Two steps, both Electron's own code: first `@electron/get` (the library install.js uses, with the
 * same version, platform, arch, checksums, mirror and cache settings) fetches the archive into its
 * cache, reporting progress as it goes; then `node_modules/electron/install.js` runs, finds the
 * archive in the cache, checks it against the checksums and unpacks it into dist/ with path.txt. If
 * the two ever disagreed on the archive, install.js would just download it again itself.
 */
export async function downloadElectron(options: DownloadOptions): Promise<DownloadOutcome> {
  const { pkg, env = process.env, stallMs = 30_000 } = options;
  const platform = env.ELECTRON_INSTALL_PLATFORM || env.npm_config_platform || process.platform;
  const arch = env.ELECTRON_INSTALL_ARCH || env.npm_config_arch || process.arch;
  const remoteChecksums = Boolean(env.electron_use_remote_checksums || env.npm_config_electron_use_remote_checksums);

  const abort = new AbortController();
  let stalled = false;
  let stallTimer: NodeJS.Timeout | undefined;
  const armStall = () => {
    clearTimeout(stallTimer);
    stallTimer = setTimeout(() => {
      stalled = true;
      abort.abort();
    }, stallMs);
  };
  const onOuterAbort = () => abort.abort();
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });

  // @electron/get reads its mirror and cache settings from process.env.
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    const requireFromElectron = createRequire(join(pkg.dir, 'package.json'));
    const { downloadArtifact } = (await import(pathToFileURL(requireFromElectron.resolve('@electron/get')).href)) as {
      downloadArtifact: DownloadArtifact;
    };
    armStall();
    // The same callback then hears about SHASUMS256.txt (remote checksums): report the archive only.
    let archiveDone = false;
    await downloadArtifact({
      version: pkg.version,
      artifactName: 'electron',
      platform,
      arch,
      force: env.force_no_cache === 'true',
      cacheRoot: env.electron_config_cache,
      checksums: remoteChecksums ? undefined : (requireFromElectron('./checksums.json') as Record<string, string>),
      downloadOptions: {
        quiet: true,
        signal: abort.signal,
        getProgressCallback: (p: { transferred: number; total: number | null }) => {
          armStall();
          if (archiveDone) return;
          options.onProgress?.({ transferred: p.transferred, total: p.total });
          if (p.total !== null && p.transferred >= p.total) archiveDone = true;
        }
      }
    });
  } catch (error) {
    if (options.signal?.aborted) return { ok: false, reason: 'stopped' };
    if (stalled) return { ok: false, reason: `no data for ${Math.round(stallMs / 1000)} s` };
    return { ok: false, reason: describe(error) };
  } finally {
    clearTimeout(stallTimer);
    options.signal?.removeEventListener('abort', onOuterAbort);
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  }

  options.onInstalling?.();
  const installed = await runInstaller(pkg.dir, env, options.signal);
  if (!installed.ok) return installed;
  const binary = electronBinary(pkg.dir, env);
  return binary ? { ok: true, binary } : { ok: false, reason: 'the installer finished but left no binary' };
}

/** node_modules/electron/install.js, Electron's own installer, with its output kept for the reason. */
function runInstaller(dir: string, env: NodeJS.ProcessEnv, signal?: AbortSignal): Promise<{ ok: true } | { ok: false; reason: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(dir, 'install.js')], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4_000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const onAbort = () => child.kill('SIGTERM');
    signal?.addEventListener('abort', onAbort, { once: true });
    child.once('error', (error) => resolve({ ok: false, reason: `install.js could not run: ${error.message}` }));
    child.once('exit', (code, sig) => {
      signal?.removeEventListener('abort', onAbort);
      if (code === 0) return resolve({ ok: true });
      if (signal?.aborted) return resolve({ ok: false, reason: 'stopped' });
      // The error's first line ("Error: Generated checksum ... did not match expected checksum.").
      const line =
        output
          .split('\n')
          .map((l) => l.trim())
          .find((l) => /error/i.test(l)) ??
        output.trim().split('\n')[0] ??
        '';
      resolve({ ok: false, reason: `install.js exited with ${sig ?? `code ${code}`}${line ? `: ${line}` : ''}` });
    });
  });
}

const MB = 1_000_000;

/** "42% of 112 MB" (or "38 MB" when the server sent no length). */
export function progressText(p: Progress): string {
  const mb = (n: number) => `${Math.round(n / MB)} MB`;
  if (p.total && p.total > 0) return `${Math.min(100, Math.floor((p.transferred / p.total) * 100))}% of ${mb(p.total)}`;
  return mb(p.transferred);
}
