/**
 * Builds the AppImage and the deb the way `npm run dist` does (two runs, see releasing/plan.ts), against
 * stand-ins (Electron, the AppImage runtime, fpm) that our build machines can have, then opens both.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { collectRuns } from '../releasing/collect';
import { linuxRuns } from '../releasing/plan';
import type { AppImageFacts, DebFacts } from './linux';

const RUNTIME = Buffer.from('#!/bin/sh\necho "stand-in AppImage runtime: this image is for inspection only" >&2\nexit 1\n');
const TOOLS = ['mksquashfs', 'unsquashfs', 'desktop-file-validate', 'dpkg-deb'];

const which = (name: string): string | null => {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
};

/** The Debian tools this needs, or the sentence saying which to install. */
export function missingTools(): string | null {
  const missing = TOOLS.filter((tool) => !which(tool));
  return missing.length ? `${missing.join(', ')} not found: apt-get install squashfs-tools desktop-file-utils dpkg` : null;
}

/** APPIMAGE_TOOLS_PATH for electron-builder's static-runtime layout, from Debian's tools and a stand-in runtime. */
function standInAppImageTools(dir: string): string {
  mkdirSync(join(dir, 'runtimes'), { recursive: true });
  mkdirSync(join(dir, 'lib', 'x64'), { recursive: true });
  symlinkSync(which('mksquashfs') as string, join(dir, 'mksquashfs'));
  symlinkSync(which('desktop-file-validate') as string, join(dir, 'desktop-file-validate'));
  writeFileSync(join(dir, 'runtimes', 'runtime-x64'), RUNTIME);
  return dir;
}

const listFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));

/** What the image's AppRun passes the app, with `unshare -Ur true` made to succeed or fail. */
function appRunArgs(appDir: string, executable: string, userNamespaces: boolean): string[] {
  const sandbox = mkdtempSync(join(tmpdir(), 'ledgerdesk-apprun-'));
  try {
    const bin = join(sandbox, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'unshare'), `#!/bin/sh\nexit ${userNamespaces ? 0 : 1}\n`);
    chmodSync(join(bin, 'unshare'), 0o755);
    const app = join(sandbox, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'AppRun'), readFileSync(join(appDir, 'AppRun')));
    chmodSync(join(app, 'AppRun'), 0o755);
    writeFileSync(join(app, executable), '#!/bin/sh\nfor arg in "$@"; do echo "$arg"; done\n');
    chmodSync(join(app, executable), 0o755);
    const run = spawnSync('bash', [join(app, 'AppRun'), '--first-run-flag'], {
      encoding: 'utf8',
      env: { PATH: `${bin}:/usr/bin:/bin`, APPDIR: app, HOME: sandbox }
    });
    return run.stdout.split('\n').filter(Boolean);
  } finally {
    rmSync(sandbox, { recursive: true, force: true });
  }
}

export interface LinuxPackages {
  /** The AppImage run's unpacked folder (for the app.asar and fuse checks). */
  unpacked: string;
  appImage: AppImageFacts;
  deb: DebFacts;
  /** The file URLs of the merged latest-linux.yml. */
  feedUrls: string[];
}

export function buildLinuxPackages(options: {
  root: string;
  work: string;
  builderArgs: string[];
  env: NodeJS.ProcessEnv;
  executable: string;
  installDir: string;
}): LinuxPackages {
  const { root, work, executable } = options;
  const tools = standInAppImageTools(join(work, 'appimage-tools'));
  const runs = linuxRuns(join(work, 'out'));
  for (const run of runs) {
    const built = spawnSync(
      process.execPath,
      [
        join(root, 'node_modules', 'electron-builder', 'cli.js'),
        ...run.args,
        '--publish',
        'never',
        `-c.directories.output=${run.output}`,
        ...options.builderArgs
      ],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...options.env, APPIMAGE_TOOLS_PATH: tools, CUSTOM_FPM_PATH: join(root, 'tools/release/packaging/stand-in-fpm.mjs') }
      }
    );
    if (built.status !== 0) throw new Error(`electron-builder (${run.label}) failed:\n${built.stdout}\n${built.stderr}`);
  }
  const collected = join(work, 'collected');
  mkdirSync(collected);
  collectRuns(
    collected,
    runs.map((run) => run.output)
  );
  const find = (ext: string) => {
    const name = readdirSync(collected).find((file) => file.endsWith(ext));
    if (!name) throw new Error(`No ${ext} was built.`);
    return join(collected, name);
  };

  const image = join(work, 'appimage-root');
  execFileSync('unsquashfs', ['-q', '-n', '-o', String(RUNTIME.length), '-d', image, find('.AppImage')]);
  const desktop = readdirSync(image).find((name) => name.endsWith('.desktop'));
  const desktopExec = desktop ? (/^Exec=(.*)$/m.exec(readFileSync(join(image, desktop), 'utf8'))?.[1] ?? null) : null;

  const deb = join(work, 'deb-root');
  execFileSync('dpkg-deb', ['-x', find('.deb'), deb]);
  execFileSync('dpkg-deb', ['-e', find('.deb'), join(deb, 'DEBIAN')]);
  const readIf = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : null);
  const resources = join(deb, options.installDir.replace(/^\//, ''), 'resources');

  const feed = readFileSync(join(collected, 'latest-linux.yml'), 'utf8');
  return {
    unpacked: join(runs[0]!.output, 'linux-unpacked'),
    appImage: {
      files: listFiles(image),
      desktopExec,
      argsWithUserNamespaces: appRunArgs(image, executable, true),
      argsWithoutUserNamespaces: appRunArgs(image, executable, false)
    },
    deb: {
      files: listFiles(deb).map((file) => `/${file}`),
      packageType: readIf(join(resources, 'package-type')),
      apparmorProfile: readIf(join(resources, 'apparmor-profile')),
      postinst: readIf(join(deb, 'DEBIAN', 'postinst'))
    },
    feedUrls: [...feed.matchAll(/^\s+- url: (.+)$/gm)].map((match) => match[1]!.trim())
  };
}
