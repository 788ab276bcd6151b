// GET /healthz: whether this host process is up, for a load balancer, Cloud Run or a person with curl.
// It answers without a sign-in and says nothing about the platform's data.
import type { FastifyInstance } from 'fastify';

export const HEALTH_PATH = '/healthz';

export function healthRoute(app: FastifyInstance, version: string): void {
  app.get(HEALTH_PATH, async () => ({ ok: true, service: 'ledgerdesk-backend-host', version }));
}
