// The backend host as an HTTPS function: the routes of server/app.ts, served by injection
// (server/https.ts). Its URL is the backend host URL Ledgerdesk is configured with.
import type { FastifyInstance } from 'fastify';
import { onRequest } from 'firebase-functions/v2/https';
import { buildBackendHost } from '../../server/app';
import { backendHostDeps } from '../../server/host';
import { answerThroughHost } from '../../server/https';
import { startServerRun } from '../../server/platform/reconciliation';
import { platformApp } from './app';
import { ADMIN_UID, MAIL_FROM, RETAIN_YEARS, SMTP_URL } from './options';
import { serverRuns } from './reconciliation';

let host: Promise<FastifyInstance> | null = null;

/** Built at the first request, not at load: parameters and secrets are only readable then. */
function hostOfThisInstance(): Promise<FastifyInstance> {
  host ??= (async () => {
    const app = buildBackendHost({
      ...backendHostDeps(platformApp(), {
        smtpUrl: SMTP_URL.value(),
        mailFrom: MAIL_FROM.value(),
        adminUid: ADMIN_UID.value() || null,
        retainYears: RETAIN_YEARS.value(),
        log: (line) => console.log(line)
      }),
      version: process.env.LEDGERDESK_VERSION ?? 'development',
      // Start on the Reconciliation screen runs on the server, page by page in the task queue.
      runs: { start: (actor, operationId) => startServerRun(serverRuns(), actor, operationId) }
    });
    await app.ready();
    return app;
  })();
  return host;
}

export const backendHost = onRequest({ secrets: [SMTP_URL], concurrency: 40 }, async (request, response) => {
  // Cloud Functions' framework reads each body (up to Cloud Run's 32 MiB) before this runs; the routes
  // still refuse it unparsed without a valid token (401) or over the route's limit (413), and a body
  // left unread is refused before it is read (server/https.ts).
  await answerThroughHost(await hostOfThisInstance(), request, response);
});
