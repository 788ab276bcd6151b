// Vitest global setup for the integration project: hands the test files emulator pairs.
//
// A pair per file cost a Java start per file (13 s idle, twice that beside the end-to-end run:
// a tenth of the run). One pair for the whole run wore out once in CI (a reset went unanswered for
// minutes near the end). So a pair serves a few files, one after another, and is then replaced. Each
// file asks for its pair over a small local HTTP endpoint (tests/support/integration/emulators.ts),
// because test files run in worker processes and the pair lives here, in Vitest's own.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { DEMO_PROJECT_ID, ensureEmulators, type RunningEmulators } from '../../../tools/devenv/emulators';

/** Files one pair serves before a fresh one takes over. */
const FILES_PER_PAIR = 6;

export interface EmulatorLease {
  authHost: string;
  firestoreHost: string;
  projectId: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where a test file asks for its emulators (GET answers an EmulatorLease). */
    integrationEmulators: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let pair: RunningEmulators | null = null;
  let served = 0;
  let queue: Promise<unknown> = Promise.resolve();
  const start = () =>
    ensureEmulators({ authPort: 0, firestorePort: 0, projectId: DEMO_PROJECT_ID, fresh: true, log: (line) => process.stderr.write(`${line}\n`) });
  const lease = async (): Promise<EmulatorLease> => {
    if (!pair || served >= FILES_PER_PAIR) {
      await pair?.stop();
      pair = null;
      pair = await start();
      served = 0;
    }
    served += 1;
    return { authHost: pair.authHost, firestoreHost: pair.firestoreHost, projectId: pair.projectId };
  };
  const server = createServer((_request, response) => {
    // One lease at a time, whatever the files' parallelism: a pair is never replaced under a file.
    const answer = queue.then(lease);
    queue = answer.catch(() => undefined);
    answer.then(
      (given) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(given)),
      (error: Error) => response.writeHead(503, { 'content-type': 'text/plain' }).end(`The emulators did not start: ${error.message}`)
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  project.provide('integrationEmulators', `http://127.0.0.1:${(server.address() as AddressInfo).port}/lease`);
  return async () => {
    await new Promise((resolve) => server.close(resolve));
    await queue;
    await pair?.stop();
  };
}
