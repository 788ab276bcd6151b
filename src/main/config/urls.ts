/**
 * Addresses Ledgerdesk sends secrets to or trusts code from must be https://. The backend host
 * receives the administrator's ID token with every request, and the update feed decides what runs
 * on this computer next: over plain http anyone on the network could read the token or replace an
 * update. Plain http is allowed only to this computer itself (the demo's backend host, a local
 * test server), where nothing crosses the network.
 *
 * Pure (no Node or Electron imports): used by the configuration, the updater and the packaging hook.
 */

const IPV4_LOOPBACK = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/**
 * Whether a URL's hostname (as `new URL()` normalises it: lower case, IPv4 in dotted decimal,
 * IPv6 compressed in brackets) is this computer: localhost, 127.0.0.0/8 or [::1].
 */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || IPV4_LOOPBACK.test(hostname);
}

/**
 * null when `value` is an https:// address, or an http:// address of this computer; otherwise
 * one sentence, naming `setting`, that says what is wrong and why it matters.
 */
function secureUrlProblem(setting: string, value: string, risk: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${setting} is not a web address: "${clip(value)}".`;
  }
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return null;
  const where = url.protocol === 'http:' ? `http://${url.hostname}` : `"${clip(value)}"`;
  return `${setting} must be an https:// address (plain http:// only for this computer: localhost, 127.x.x.x, [::1]); ` + `${where} ${risk}`;
}

const clip = (text: string): string => (text.length > 80 ? `${text.slice(0, 77)}…` : text);

const BACKEND_URL_RISK = "would send the administrator's sign-in token unencrypted.";
const UPDATE_URL_RISK = 'would let anyone on the network replace an update.';

/** The problem with a backend host address, or null. */
export const backendUrlProblem = (setting: string, value: string): string | null => secureUrlProblem(setting, value, BACKEND_URL_RISK);

/** The problem with an update feed address, or null. */
export const updateFeedProblem = (setting: string, value: string): string | null => secureUrlProblem(setting, value, UPDATE_URL_RISK);
