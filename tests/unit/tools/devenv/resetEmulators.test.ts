import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { resetEmulators } from '../../../../tools/devenv/emulators';

// Stands in for both emulators: answers a DELETE with 200, except the ones `hang` says to ignore.
async function fakeEmulator(hang: (n: number, req: IncomingMessage) => boolean) {
  const seen: string[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    seen.push(`${req.method} ${req.url}`);
    if (hang(seen.length, req)) return; // never answered: the request just sits there
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { host, seen, server };
}

let servers: Server[] = [];
afterEach(async () => {
  for (const s of servers) s.closeAllConnections();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  servers = [];
});

describe('resetEmulators', () => {
  it('deletes the Firestore documents and the Auth accounts of the project', async () => {
    const fake = await fakeEmulator(() => false);
    servers.push(fake.server);
    await resetEmulators({ projectId: 'demo-x', firestoreHost: fake.host, authHost: fake.host });
    expect(fake.seen.sort()).toEqual(['DELETE /emulator/v1/projects/demo-x/accounts', 'DELETE /emulator/v1/projects/demo-x/databases/(default)/documents']);
  });

  it('sends a DELETE the emulator never answered again, and succeeds when the next one is answered', async () => {
    const fake = await fakeEmulator((n) => n === 1);
    servers.push(fake.server);
    const warnings: string[] = [];
    await resetEmulators({ projectId: 'demo-x', firestoreHost: fake.host, authHost: `${fake.host}` }, { attemptTimeoutMs: 300, warn: (m) => warnings.push(m) });
    expect(fake.seen).toHaveLength(3);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/did not answer within 0.3 s.*trying again \(2 of 4\)/);
  });

  it('gives up after the last try with a message that names the emulator', async () => {
    const fake = await fakeEmulator((_, req) => req.url?.includes('documents') ?? false);
    servers.push(fake.server);
    const attempt = resetEmulators(
      { projectId: 'demo-x', firestoreHost: fake.host, authHost: fake.host },
      { attemptTimeoutMs: 200, attempts: 2, warn: () => undefined }
    );
    await expect(attempt).rejects.toThrow(/Emulator reset failed: DELETE http:\/\/.*\/databases\/\(default\)\/documents did not answer within 0.2 s, 2 tries/);
    expect(fake.seen.filter((s) => s.includes('documents'))).toHaveLength(2);
  });

  it('reports an emulator that answers with an error instead of retrying', async () => {
    const server = createServer((_req, res) => res.writeHead(500).end('boom'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    await expect(resetEmulators({ projectId: 'demo-x', firestoreHost: host, authHost: host })).rejects.toThrow(/-> 500 boom/);
  });
});
