import { describe, expect, it } from 'vitest';
import { buildBackendHost } from '../../../server/app';
import { fakeOperationStore } from '../../support/fakes/fakeOperations';
import { fakeUserStore } from '../../support/fakes/fakeUsers';

describe('backend host: GET /healthz and GET /readyz', () => {
  const build = (ready: () => Promise<void>) => {
    const lines: string[] = [];
    const app = buildBackendHost({
      verifier: { verifyIdToken: () => Promise.reject(new Error('no tokens here')) },
      mailer: { send: () => Promise.reject(new Error('no mail here')), close: () => undefined },
      users: fakeUserStore(),
      operations: fakeOperationStore(),
      log: (line) => lines.push(line),
      version: '1.2.3',
      ready
    });
    return { app, lines };
  };

  it('answers /readyz 503 with the reason while the host cannot serve, and 200 once it can; /healthz stays 200', async () => {
    let problem: string | null = 'No Google credentials: Could not load the default credentials.';
    const { app, lines } = build(async () => {
      if (problem) throw new Error(problem);
    });
    const notReady = await app.inject({ method: 'GET', url: '/readyz' });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toEqual({ ok: false, service: 'ledgerdesk-backend-host', version: '1.2.3', error: problem });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect(lines).toEqual([`not ready: ${problem}`, expect.stringMatching(/^GET \/readyz 503 \d+ms$/)]);

    problem = null;
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ok: true, service: 'ledgerdesk-backend-host', version: '1.2.3' });
    // A passing probe is not worth a line.
    expect(lines).toHaveLength(2);
    await app.close();
  });
});
