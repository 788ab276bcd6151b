import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');

/** Runs the printing command with a reader that takes nothing for its first second, as a busy CI log does. */
async function runWithSlowReader(...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/tools/printsThenExits.ts', ...args], { cwd: root });
  child.stdout.pause();
  child.stderr.pause();
  let out = '';
  let err = '';
  setTimeout(() => {
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout.resume();
    child.stderr.resume();
  }, 1_000);
  const code = await new Promise<number | null>((done) => child.on('close', (exitCode) => done(exitCode)));
  return { code, out, err };
}

describe('a command ended with exitWhenPrinted', () => {
  it('delivers everything it printed, the summary last, to a reader that is slow to take it', async () => {
    const { code, out, err } = await runWithSlowReader();
    expect(code).toBe(1);
    const lines = out.trim().split('\n');
    expect(lines).toHaveLength(20_001);
    expect(lines.at(-1)).toBe('20000 operations, 0 violations');
    expect(err).toContain('a warning on stderr');
  }, 60_000);

  // Windows writes to pipes synchronously, so nothing is lost there to show.
  it.skipIf(process.platform === 'win32')(
    'where a bare process.exit loses what the reader had not taken yet',
    async () => {
      const { code, out } = await runWithSlowReader('--exit');
      expect(code).toBe(1);
      expect(out).not.toContain('20000 operations, 0 violations');
    },
    60_000
  );
});
