// The metadata server Google runs beside every Cloud Run service and Compute Engine VM: it names the
// project the service runs in, so the plain service needs no project id set there. Google's own
// libraries ask the same server for the service account's tokens.

/** Where the metadata server is: GCE_METADATA_IP or GCE_METADATA_HOST, as google-auth-library reads them, else Google's name for it. */
export function metadataServerUrl(path: string, env: NodeJS.ProcessEnv = process.env): URL {
  const host = env.GCE_METADATA_IP || env.GCE_METADATA_HOST || 'metadata.google.internal';
  return new URL(`/computeMetadata/v1/${path}`, /^https?:\/\//.test(host) ? host : `http://${host}`);
}

/** The project id the metadata server names; rejects, saying why, when there is none to ask (not on Google Cloud) or it answers otherwise. */
export async function projectIdFromMetadataServer(env: NodeJS.ProcessEnv = process.env, timeoutMs = 3000): Promise<string> {
  const url = metadataServerUrl('project/project-id', env);
  let res: Response;
  try {
    res = await fetch(url, { headers: { 'Metadata-Flavor': 'Google' }, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err instanceof Error ? err.message : String(err));
    throw new Error(`the metadata server at ${url.host} could not be reached (${cause})`);
  }
  const projectId = (await res.text()).trim();
  // The header tells the real server (or a stand-in for it) from any web server that happens to answer.
  if (!res.ok || res.headers.get('metadata-flavor') !== 'Google' || !projectId) {
    throw new Error(`the metadata server at ${url.host} named no project (HTTP ${res.status})`);
  }
  return projectId;
}
