import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { EmulatorStartError, emulatorAnswers, startWithRetry } from '../../../../tools/devenv/emulators';

// The emulators' ports are chosen, released and then bound by other processes; a start that lost a
// port to someone else in between is tried once more with fresh ports, and says so.
describe('startWithRetry', () => {
  it('tries a failed start once more, with a line saying why', async () => {
    const lines: string[] = [];
    const attempts: number[] = [];
    const value = await startWithRetry(
      async (attempt) => {
        attempts.push(attempt);
        if (attempt === 1)
          throw new EmulatorStartError('Firebase emulators failed to start: exited with code 1. Last output: Could not start emulator hub, port taken.', true);
        return 'running';
      },
      (l) => lines.push(l)
    );
    expect(value).toBe('running');
    expect(attempts).toEqual([1, 2]);
    expect(lines).toEqual([
      'The emulators did not start (Firebase emulators failed to start: exited with code 1. Last output: Could not start emulator hub, port taken.); trying once more with fresh ports.'
    ]);
  });

  it('tries only once more', async () => {
    let calls = 0;
    await expect(
      startWithRetry(
        async () => {
          calls += 1;
          throw new EmulatorStartError(`failed ${calls}`, true);
        },
        () => undefined
      )
    ).rejects.toThrow('failed 2');
    expect(calls).toBe(2);
  });

  it('does not retry what a retry cannot fix: a missing program, or a port the caller fixed', async () => {
    for (const error of [
      new EmulatorStartError('Firestore emulator failed to start: java not found (install Java 11+ or set JAVA_HOME).', false),
      new Error('Port 9099 for the Auth emulator is already in use')
    ]) {
      let calls = 0;
      await expect(
        startWithRetry(
          async () => {
            calls += 1;
            throw error;
          },
          () => undefined
        )
      ).rejects.toBe(error);
      expect(calls).toBe(1);
    }
  });
});

describe('emulatorAnswers', () => {
  // A program that took the port before the emulator could bind it must not pass for the emulator.
  it('accepts only the emulator itself on the port', async () => {
    let body = '';
    const server = createServer((_req, res) => res.end(body));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      body = '{"authEmulator":{"ready":true}}';
      expect(await emulatorAnswers('auth', host)).toBe(true);
      expect(await emulatorAnswers('firestore', host)).toBe(false);
      body = 'Ok\r\n';
      expect(await emulatorAnswers('firestore', host)).toBe(true);
      expect(await emulatorAnswers('auth', host)).toBe(false);
      body = '<html>something else</html>';
      expect(await emulatorAnswers('auth', host)).toBe(false);
      expect(await emulatorAnswers('firestore', host)).toBe(false);
    } finally {
      await new Promise((done) => server.close(done));
    }
    expect(await emulatorAnswers('auth', host)).toBe(false);
  });
});
