import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { emulatorHosts, freePort } from '../support/integration/emulatorHosts';
import { startMetadataServer, type StandInMetadataServer } from '../support/integration/metadataServer';

// The plain service as Cloud Run or a VM runs it (`npm run server`, the same code as server/dist/index.js):
// no project variable, credentials from the metadata server (a stand-in on 127.0.0.1), Firestore the
// emulator. It must find its project there, and /readyz must say whether it can serve, never a silent 200.
const root = resolve(__dirname, '../..');

type Outcome = { url: string; child: ChildProcess } | { exitCode: number | null; stderr: string };

/** Starts the service with only the given environment (none of this process's emulator or project variables); resolves once it listens or exits. */
function runService(env: NodeJS.ProcessEnv): Promise<Outcome> {
  const { PATH, TMPDIR } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'index.ts')], {
    cwd: root,
    // A home of its own: no gcloud configuration or key file of this machine's stands in for the metadata server.
    env: { PATH, TMPDIR, HOME: mkdtempSync(join(tmpdir(), 'ledgerdesk-home-')), SMTP_URL: 'smtp://127.0.0.1:9', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((done) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const listening = /listening on (\S+)$/.exec(line);
      if (listening) done({ url: listening[1]!, child });
    });
    child.once('exit', (exitCode) => done({ exitCode, stderr }));
  });
}

function listening(outcome: Outcome): string {
  if (!('url' in outcome)) throw new Error(`The service exited with ${outcome.exitCode}: ${outcome.stderr}`);
  running.push(outcome.child);
  return outcome.url;
}

const running: ChildProcess[] = [];
let metadata: StandInMetadataServer | null = null;

afterEach(async () => {
  for (const child of running.splice(0)) child.kill('SIGTERM');
  await metadata?.close();
  metadata = null;
});

describe('the plain backend host service on Google Cloud', () => {
  it('finds its project on the metadata server and answers /readyz 200 once its token and Firestore answer', async () => {
    const { projectId, firestoreHost } = emulatorHosts();
    metadata = await startMetadataServer(projectId);
    const url = listening(await runService({ GCE_METADATA_HOST: metadata.host, FIRESTORE_EMULATOR_HOST: firestoreHost }));

    const ready = await fetch(`${url}/readyz`);
    expect(await ready.json()).toMatchObject({ ok: true, service: 'ledgerdesk-backend-host' });
    expect(ready.status).toBe(200);
    expect(metadata.asked).toContain('/computeMetadata/v1/project/project-id');
    expect(metadata.asked).toContain('/computeMetadata/v1/instance/service-accounts/default/token');
  }, 60_000);

  it('without a metadata server, runs when given its project but is not ready: /readyz 503 says there are no credentials', async () => {
    const { projectId, firestoreHost } = emulatorHosts();
    const nobody = `127.0.0.1:${await freePort()}`;
    const url = listening(await runService({ GOOGLE_CLOUD_PROJECT: projectId, GCE_METADATA_HOST: nobody, FIRESTORE_EMULATOR_HOST: firestoreHost }));

    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ ok: false, error: expect.stringMatching(/^No Google credentials: .*credentials/) });
  }, 60_000);

  it('without a metadata server or a project, does not start, and says where the project comes from', async () => {
    const nobody = `127.0.0.1:${await freePort()}`;
    const outcome = await runService({ GCE_METADATA_HOST: nobody, FIRESTORE_EMULATOR_HOST: emulatorHosts().firestoreHost });
    expect(outcome).toMatchObject({ exitCode: 1 });
    const { stderr } = outcome as { stderr: string };
    expect(stderr).toContain(`No Firebase project: the metadata server at ${nobody} could not be reached (ECONNREFUSED)`);
    expect(stderr).toContain('set GOOGLE_CLOUD_PROJECT');
  }, 60_000);
});
