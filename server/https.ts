// The backend host behind an HTTPS function: the function hands each request to the same Fastify
// routes a standalone host serves, by injection, so one implementation answers both ways, with the
// same checks in the same order: the sign-in (each route's onRequest hook), then the route's body
// limit (its bodyLimit), and only then the body.
import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyInstance, InjectOptions } from 'fastify';

/** What an HTTPS function's request offers: Express's, a stream of the body, unless the platform already read it into rawBody. */
export type FunctionRequest = Readable & {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** The body as received, when the platform has read it (Cloud Functions' framework does, before the function runs). */
  rawBody?: Buffer;
};

export interface FunctionResponse {
  status(code: number): unknown;
  setHeader(name: string, value: string | number | readonly string[]): unknown;
  end(body?: Buffer): unknown;
}

// Hop-by-hop headers belong to the connection Fastify did not open; the platform sets its own.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade']);

/** Whether the request says a body follows: a Content-Length above 0, or a Transfer-Encoding (chunked). */
const announcesBody = (headers: IncomingHttpHeaders): boolean => headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;

/**
 * The request's unread body, taken from it only as Fastify reads: a caller refused by its token or by
 * the Content-Length has none of it read, and an oversized chunked body is read only up to the limit.
 * Destroying it stops the reading and leaves the request itself to the platform.
 */
const readOnDemand = (request: Readable): Readable => Readable.from(request.iterator({ destroyOnReturn: false }), { objectMode: false });

export async function answerThroughHost(host: FastifyInstance, request: FunctionRequest, response: FunctionResponse): Promise<void> {
  const unread = !request.rawBody && announcesBody(request.headers) && !request.readableEnded ? readOnDemand(request) : null;
  const payload = unread ?? (request.rawBody && request.rawBody.length > 0 ? request.rawBody : null);
  try {
    const reply = await host.inject({
      method: request.method as InjectOptions['method'],
      url: request.url,
      headers: request.headers,
      ...(payload ? { payload } : {})
    });
    response.status(reply.statusCode);
    for (const [name, value] of Object.entries(reply.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name.toLowerCase())) response.setHeader(name, value);
    }
    response.end(reply.rawPayload);
  } finally {
    // Answered: whatever the caller still sends is not read on the host's behalf.
    unread?.destroy();
  }
}
