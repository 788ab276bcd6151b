// The probes, without a sign-in and saying nothing about the platform's data:
// GET /healthz: whether this host process is up (liveness), for a load balancer, Cloud Run or a person with curl;
// GET /readyz: whether it can serve signed-in requests now (Google credentials and Firestore answer), 503 with the reason if not.
import type { FastifyInstance } from 'fastify';
import { reasonOf } from '../errors';
import type { ReadinessCheck } from '../readiness';

export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';

const SERVICE = 'ledgerdesk-backend-host';

export function healthRoutes(app: FastifyInstance, version: string, ready: ReadinessCheck | undefined, log: (line: string) => void): void {
  app.get(HEALTH_PATH, async () => ({ ok: true, service: SERVICE, version }));
  app.get(READY_PATH, async (_request, reply) => {
    try {
      await ready?.();
      return { ok: true, service: SERVICE, version };
    } catch (err) {
      const reason = reasonOf(err);
      log(`not ready: ${reason}`);
      return reply.code(503).send({ ok: false, service: SERVICE, version, error: reason });
    }
  });
}
