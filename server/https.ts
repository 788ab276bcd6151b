// The backend host behind an HTTPS function: the function hands each request to the same Fastify
// routes a standalone host serves, by injection, so one implementation answers both ways.
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, InjectOptions } from 'fastify';

/** What an HTTPS function's request offers (Express's, with the bytes the platform already read). */
export interface FunctionRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** The body as received: the platform parses JSON before the function runs, so the host parses these bytes itself. */
  rawBody?: Buffer;
}

export interface FunctionResponse {
  status(code: number): unknown;
  setHeader(name: string, value: string | number | readonly string[]): unknown;
  end(body?: Buffer): unknown;
}

// Hop-by-hop headers belong to the connection Fastify did not open; the platform sets its own.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade']);

export async function answerThroughHost(host: FastifyInstance, request: FunctionRequest, response: FunctionResponse): Promise<void> {
  const reply = await host.inject({
    method: request.method as InjectOptions['method'],
    url: request.url,
    headers: request.headers,
    ...(request.rawBody && request.rawBody.length > 0 ? { payload: request.rawBody } : {})
  });
  response.status(reply.statusCode);
  for (const [name, value] of Object.entries(reply.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name.toLowerCase())) response.setHeader(name, value);
  }
  response.end(reply.rawPayload);
}
