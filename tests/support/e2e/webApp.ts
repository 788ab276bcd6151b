import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

export interface WebApp {
  /** The ready line's address, token included. */
  url: string;
  origin: string;
  token: string;
  /** The next address it prints after replacing its token (a launch address used twice), token included. */
  nextAddress(): Promise<string>;
  stop(): Promise<void>;
}

const root = resolve(__dirname, '../../..');

/**
 * Starts the built browser-mode server (out/main/web.js) as `npm run web` does, against the
 * emulators in the environment, and waits for its ready line.
 */
export async function startWebApp(extraEnv: NodeJS.ProcessEnv = {}): Promise<WebApp> {
  const entry = join(root, 'out/main/web.js');
  if (!existsSync(entry)) throw new Error('Build Ledgerdesk first: npm run build');
  const dataDir = mkdtempSync(join(tmpdir(), 'ledgerdesk-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd: root,
    env: { ...process.env, LEDGERDESK_PORT: '0', LEDGERDESK_DATA_DIR: dataDir, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe']
  });
  const errors: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => errors.push(chunk.toString()));

  const newAddresses: string[] = [];
  const waiting: Array<(url: string) => void> = [];
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`No ready line within 30 s. ${errors.join('')}`)), 30_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^Ledgerdesk ready: (\S+)$/.exec(line);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
      const renewed = /^Ledgerdesk new address: (\S+)$/.exec(line)?.[1];
      if (renewed) {
        const waiter = waiting.shift();
        if (waiter) waiter(renewed);
        else newAddresses.push(renewed);
      }
    });
    child.once('exit', (code) => reject(new Error(`Browser mode exited with ${code}. ${errors.join('')}`)));
  });
  const parsed = new URL(url);
  return {
    url,
    origin: parsed.origin,
    token: parsed.searchParams.get('token') ?? '',
    nextAddress: () => {
      const printed = newAddresses.shift();
      return printed ? Promise.resolve(printed) : new Promise((resolve) => waiting.push(resolve));
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((done) => child.once('exit', done));
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
}
