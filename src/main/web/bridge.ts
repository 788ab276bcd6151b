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

const NO_KEY = 'This page was opened without its access key. Open the address Ledgerdesk printed when it started.';
/** Said when the server's refusal of a launch code did not arrive in words (LAUNCH_* in server.ts say why). */
const SPENT_LAUNCH = 'This launch address could not be used. Open the latest address Ledgerdesk printed.';

/** The page's key: the token, or '' and why there is none, in the words the page shows. */
export interface PageKey {
  token: string;
  missing: string;
}

/** A launch code traded for the token, once; refused (used already, or expired), the server says why. */
async function tradeLaunchCode(win: BridgeWindow, code: string): Promise<PageKey> {
  try {
    const response = await win.fetch('/launch', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) });
    const answer = (await response.json()) as { token?: unknown; error?: unknown };
    if (response.status !== 200 || typeof answer.token !== 'string' || !answer.token) {
      return { token: '', missing: typeof answer.error === 'string' && answer.error ? answer.error : SPENT_LAUNCH };
    }
    win.sessionStorage.setItem(TOKEN_KEY, answer.token);
    return { token: answer.token, missing: NO_KEY };
  } catch {
    return { token: '', missing: SPENT_LAUNCH };
  }
}

/**
 * The per-launch token. Opened by Ledgerdesk itself, the address carries a one-time launch code
 * (never the token, which would sit on a command line and in the browser's history), traded for
 * the token at once; opened from the printed line, it carries the token. Either leaves the address
 * bar at once, and the token is kept in the tab's session storage for reloads.
 */
export function takeToken(win: BridgeWindow): PageKey | Promise<PageKey> {
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
  return { token: win.sessionStorage.getItem(TOKEN_KEY) ?? '', missing: NO_KEY };
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

/**
 * Calls as `POST /rpc/<method>` with the token header; events from the server-sent `/events`
 * stream. While a launch code is being traded, calls and the stream wait for the token.
 */
export function httpTransport(win: BridgeWindow, pageKey: PageKey | Promise<PageKey>): Transport {
  const invokeWith = async ({ token: key, missing }: PageKey, method: string, input: unknown) => {
    if (!key) return failure('UNAUTHENTICATED', missing);
    try {
      const response = await win.fetch(`/rpc/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ledgerdesk-token': key },
        body: JSON.stringify(input)
      });
      // Its access key was replaced (a launch address used twice) or Ledgerdesk restarted.
      if (response.status === 401) {
        return failure('UNAUTHENTICATED', 'Ledgerdesk no longer accepts this page. Open the latest address it printed.');
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
      const key = await pageKey;
      return lane(() => invokeWith(key, method, input));
    },
    subscribe(listener) {
      if ('then' in pageKey) void pageKey.then((key) => listen(key.token, listener));
      else listen(pageKey.token, listener);
    }
  };
}

/** Defines window.api, once, read-only. */
export function installBridge(win: BridgeWindow): void {
  const api = buildApi(httpTransport(win, takeToken(win)));
  Object.defineProperty(win, 'api', { value: api, configurable: false, writable: false });
}
