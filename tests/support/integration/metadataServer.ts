// A stand-in for the metadata server of Cloud Run and Compute Engine, on 127.0.0.1: the project id and
// the service account's access token, as Google's libraries ask for them (GCE_METADATA_HOST points them here).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInMetadataServer {
  /** host:port, for GCE_METADATA_HOST. */
  host: string;
  /** Every path asked, in order. */
  asked: string[];
  close(): Promise<void>;
}

export async function startMetadataServer(projectId: string): Promise<StandInMetadataServer> {
  const asked: string[] = [];
  const answers: Record<string, () => string> = {
    // google-auth-library asks for the instance to learn that it runs on Google Cloud.
    '/computeMetadata/v1/instance': () => '',
    '/computeMetadata/v1/project/project-id': () => projectId,
    '/computeMetadata/v1/universe/universe-domain': () => 'googleapis.com',
    '/computeMetadata/v1/instance/service-accounts/default/token': () =>
      JSON.stringify({ access_token: `stand-in-token-${asked.length}`, expires_in: 3599, token_type: 'Bearer' })
  };
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0]!;
    asked.push(path);
    response.setHeader('Metadata-Flavor', 'Google');
    // The real server refuses a request without the header, which keeps browsers and proxies out.
    const answer = request.headers['metadata-flavor'] === 'Google' ? answers[path.replace(/\/$/, '')] : undefined;
    if (!answer) return void response.writeHead(request.headers['metadata-flavor'] === 'Google' ? 404 : 403).end();
    const body = answer();
    response.writeHead(200, { 'content-type': body.startsWith('{') ? 'application/json' : 'application/text' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    asked,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      })
  };
}
