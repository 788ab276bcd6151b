/**
 * The address `npm start` opens the default browser at: a one-time launch code instead of the
 * token, because whatever opens a browser puts the address on a command line, where any user of
 * the computer can read it from the process list. The code is good for one use and 60 seconds,
 * and the page trades it for the token (src/main/web/server.ts, src/main/web/bridge.ts).
 */
export async function launchAddress(readyUrl: string, fetchImpl: typeof fetch = fetch): Promise<string> {
  const ready = new URL(readyUrl);
  const token = ready.searchParams.get('token');
  if (!token) throw new Error('the ready line carries no token');
  const response = await fetchImpl(new URL('/launch-code', ready.origin), { method: 'POST', headers: { 'x-ledgerdesk-token': token } });
  if (!response.ok) throw new Error(`Ledgerdesk refused a launch code (HTTP ${response.status})`);
  const { code } = (await response.json()) as { code?: unknown };
  if (typeof code !== 'string' || !code) throw new Error('Ledgerdesk answered no launch code');
  return `${ready.origin}/?launch=${encodeURIComponent(code)}`;
}
