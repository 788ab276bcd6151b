// POST /api/reconciliation/start: the administrator's Start on the Reconciliation screen, run by the
// server (server/platform/reconciliation.ts) where this host can queue its pages. A host without it
// answers 404, and Ledgerdesk then runs the reconciliation on the desktop as before.
import type { FastifyInstance } from 'fastify';
import type { BackendHostDeps, ServerRuns } from '../deps';
import { requireAdministrator, requireCapability } from '../auth';
import { reasonOf } from '../errors';
import { idempotencyKeyOf } from '../operations';

export const START_PATH = '/api/reconciliation/start';

export function reconciliationRoutes(app: FastifyInstance, deps: BackendHostDeps & { runs: ServerRuns }): void {
  app.post(
    START_PATH,
    { bodyLimit: 1024, onRequest: [requireAdministrator(deps.verifier, deps.adminUid, deps.log), requireCapability('decide')] },
    async (request, reply) => {
      const keyed = idempotencyKeyOf(request);
      if ('error' in keyed) return reply.code(400).send(keyed);
      if (keyed.key === null)
        return reply.code(400).send({ error: 'Send the action’s operationId as the Idempotency-Key header: a run is started once per action.' });
      const caller = request.administrator;
      if (!caller) throw new Error(`requireAdministrator did not run before POST ${START_PATH}.`);
      const email = typeof caller.claims.email === 'string' ? caller.claims.email : caller.uid;
      try {
        return reply.code(200).send(await deps.runs.start({ uid: caller.uid, email }, keyed.key));
      } catch (error) {
        if ((error as { conflict?: boolean }).conflict) return reply.code(409).send({ error: reasonOf(error) });
        deps.log(`reconciliation start failed: ${reasonOf(error)}`);
        return reply.code(502).send({ error: `The run could not be started: ${reasonOf(error)}` });
      }
    }
  );
}
