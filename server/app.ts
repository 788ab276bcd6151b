// The backend host's HTTP surface, built from injected parts so tests can fake Firebase and SMTP.
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { BackendHostDeps } from './deps';
import { deleteUserRoute } from './routes/deleteUser';
import { HEALTH_PATH, healthRoutes, READY_PATH } from './routes/health';
import { reconciliationRoutes } from './routes/reconciliation';
import { sendMailRoute } from './routes/sendMail';
import { suspendUserRoutes } from './routes/suspendUser';
import { teamRoutes } from './routes/team';

export function buildBackendHost(deps: BackendHostDeps): FastifyInstance {
  // maxParamLength: a too-long customer id gets a 400 naming the limit, not a 404 (the router's default is 100).
  const app = Fastify({ logger: false, routerOptions: { maxParamLength: 1024 } });
  app.decorateRequest('administrator', null);
  // Fastify parses text/plain by default; this API speaks JSON only, so anything else is refused below.
  app.removeContentTypeParser('text/plain');

  app.addHook('onResponse', async (request, reply) => {
    // A load balancer asks every few seconds; only a failing answer is worth a line.
    if ((request.url === HEALTH_PATH || request.url === READY_PATH) && reply.statusCode === 200) return;
    // The path without its query string: a query might carry something private.
    deps.log(`${request.method} ${request.url.split('?')[0]} ${reply.statusCode} ${Math.round(reply.elapsedTime)}ms`);
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ error: `There is no ${request.method} ${request.url.split('?')[0]} on the Ledgerdesk backend host.` })
  );

  app.setErrorHandler((err: FastifyError, _request, reply) => {
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(400).send({ error: 'Send the request body as JSON (Content-Type: application/json).' });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send({ error: 'The request body is too large.' });
    if (err.code?.startsWith('FST_ERR_CTP_') || err instanceof SyntaxError) {
      // Broken or empty JSON: Fastify's own message is readable and repeats nothing from the body.
      return reply.code(400).send({ error: `The request body is not valid JSON: ${err.message}` });
    }
    if (err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send({ error: err.message });
    }
    deps.log(`internal error: ${err.message}`);
    return reply.code(500).send({ error: 'The backend host failed unexpectedly. Try again.' });
  });

  // Routes live in their own files; register new ones here.
  healthRoutes(app, deps.version ?? 'development', deps.ready, deps.log);
  sendMailRoute(app, deps);
  deleteUserRoute(app, deps);
  suspendUserRoutes(app, deps);
  if (deps.runs) reconciliationRoutes(app, { ...deps, runs: deps.runs });
  if (deps.team) teamRoutes(app, { ...deps, team: deps.team });
  return app;
}
