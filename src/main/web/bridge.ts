import { eventNames } from '../../shared/methods';
import { buildApi, type Transport } from '../../shared/windowApi';

/**
 * Browser mode's stand-in for the preload: window.api over HTTP, built by the preload's own module
 * (src/shared/windowApi.ts). It runs in the page: bridgePage.ts calls installBridge, and the build
 * bundles the two into one classic script (see electron.vite.config.ts) that server.ts serves.
 */
/** The parts of the page's window the bridge uses (main is compiled without DOM types). */
export interface BridgeWindow {
  location: { search: string; pathname: string; hash: string };
  history: { state: unknown; replaceState(state: unknown, unused: string, url: string): void };
  sessionStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  fetch: typeof fetch;
  EventSource: new (url: string) => {
    addEventListener(type: string, listener: (message: { data: string }) => void): void;
  };
}

const TOKEN_KEY = 'ledgerdesk.token';

/** The address without `name` in its query, as the address bar, history and screenshots should keep it. */
function dropParam(win: BridgeWindow, params: URLSearchParams, name: string): void {
  params.delete(name);
  const rest = params.toString();
  win.history.replaceState(win.history.state, '', win.location.pathname + (rest ? `?${rest}` : '') + win.location.hash);
}

/** A launch code traded for the token, once; '' when it was refused (used already, or expired). */
async function tradeLaunchCode(win: BridgeWindow, code: string): Promise<string> {
  try {
    const response = await win.fetch('/launch', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) });
    if (response.status !== 200) return '';
    const { token } = (await response.json()) as { token?: unknown };
    if (typeof token !== 'string' || !token) return '';
    win.sessionStorage.setItem(TOKEN_KEY, token);
    return token;
  } catch {
    return '';
  }
}

/**
 * The per-launch token. Opened by Ledgerdesk itself, the address carries a one-time launch code
 * (never the token, which would sit on a command line and in the browser's history), traded for
 * the token at once; opened from the printed line, it carries the token. Either leaves the address
 * bar at once, and the token is kept in the tab's session storage for reloads.
 */
export function takeToken(win: BridgeWindow): string | Promise<string> {
  const params = new URLSearchParams(win.location.search);
  const launch = params.get('launch');
  if (launch) {
    dropParam(win, params, 'launch');
    return tradeLaunchCode(win, launch);
  }
  const fromUrl = params.get('token');
  if (fromUrl) {
    win.sessionStorage.setItem(TOKEN_KEY, fromUrl);
    dropParam(win, params, 'token');
  }
  return win.sessionStorage.getItem(TOKEN_KEY) ?? '';
}

const failure = (code: string, message: string) => ({ ok: false, error: { code, message } });

/**
 * Calls the page sends at once. A browser opens at most six connections to one address over
 * HTTP/1.1; the event stream holds one, and a screen of slow calls (the dashboard's figures)
 * would hold the rest, so the next screen's code and calls waited seconds behind calls nobody
 * looked at any more. Four leaves a connection for the screens' code and fonts.
 */
export const CALLS_IN_FLIGHT = 4;

/** Calls asked within this many milliseconds of each other come from one screen's render. */
const BURST_MS = 50;

/**
 * Runs calls at most `limit` at a time. A waiting call goes out with the newest burst of calls
 * first (the screen the administrator is looking at now), and within a burst in the order asked
 * (a screen's cards fill top to bottom).
 */
export function callLane(limit = CALLS_IN_FLIGHT, now: () => number = Date.now) {
  const waiting: Array<{ burst: number; go: () => void }> = [];
  let running = 0;
  let burst = 0;
  let lastAsked = -Infinity;
  const next = () => {
    const newest = Math.max(...waiting.map((w) => w.burst));
    const index = waiting.findIndex((w) => w.burst === newest);
    return index < 0 ? undefined : waiting.splice(index, 1)[0];
  };
  return async <T>(call: () => Promise<T>): Promise<T> => {
    const asked = now();
    if (asked - lastAsked > BURST_MS) burst += 1;
    lastAsked = asked;
    if (running >= limit) await new Promise<void>((go) => waiting.push({ burst, go }));
    else running += 1;
    try {
      return await call();
    } finally {
      // The slot passes straight to the next waiting call, or is given back.
      const waiter = next();
      if (waiter) waiter.go();
      else running -= 1;
    }
  };
}

const NO_KEY = 'This page was opened without its access key. Open the address Ledgerdesk printed when it started.';
/** Worded as the server's refusal of a launch code (LAUNCH_REFUSED in server.ts). */
const SPENT_LAUNCH = 'This launch address was already used or has expired. Open the address Ledgerdesk printed when it started.';

/**
 * Calls as `POST /rpc/<method>` with the token header; events from the server-sent `/events`
 * stream. While a launch code is being traded, calls and the stream wait for the token.
 */
export function httpTransport(win: BridgeWindow, token: string | Promise<string>, withoutKey = NO_KEY): Transport {
  const invokeWith = async (key: string, method: string, input: unknown) => {
    if (!key) return failure('UNAUTHENTICATED', withoutKey);
    try {
      const response = await win.fetch(`/rpc/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ledgerdesk-token': key },
        body: JSON.stringify(input)
      });
      if (response.status === 401) {
        return failure('UNAUTHENTICATED', 'Ledgerdesk no longer accepts this page. Open the address it printed when it started.');
      }
      return await response.json();
    } catch {
      return failure('UNAVAILABLE', 'Ledgerdesk lost contact with its local service. Is it still running?');
    }
  };
  const listen = (key: string, listener: Parameters<Transport['subscribe']>[0]) => {
    if (!key) return;
    const stream = new win.EventSource(`/events?token=${encodeURIComponent(key)}`);
    for (const name of eventNames) {
      stream.addEventListener(name, (message) => {
        let payload: unknown;
        try {
          payload = JSON.parse(message.data);
        } catch {
          console.error(`Ledgerdesk sent ${name} with a payload that is not JSON`);
          return;
        }
        listener(name, payload);
      });
    }
  };
  const lane = callLane();
  return {
    invoke: async (method, input) => {
      const key = await token;
      return lane(() => invokeWith(key, method, input));
    },
    subscribe(listener) {
      if (typeof token === 'string') listen(token, listener);
      else void token.then((key) => listen(key, listener));
    }
  };
}

/** Defines window.api, once, read-only. */
export function installBridge(win: BridgeWindow): void {
  const launched = new URLSearchParams(win.location.search).has('launch');
  const api = buildApi(httpTransport(win, takeToken(win), launched ? SPENT_LAUNCH : NO_KEY));
  Object.defineProperty(win, 'api', { value: api, configurable: false, writable: false });
}
