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

/** The per-launch token: taken from the address the server printed, then kept in the tab's session storage. */
export function takeToken(win: BridgeWindow): string {
  const params = new URLSearchParams(win.location.search);
  const fromUrl = params.get('token');
  if (fromUrl) {
    win.sessionStorage.setItem(TOKEN_KEY, fromUrl);
    // Keep the token out of the address bar, history and screenshots.
    params.delete('token');
    const rest = params.toString();
    win.history.replaceState(win.history.state, '', win.location.pathname + (rest ? `?${rest}` : '') + win.location.hash);
  }
  return win.sessionStorage.getItem(TOKEN_KEY) ?? '';
}

const failure = (code: string, message: string) => ({ ok: false, error: { code, message } });

/** Calls as `POST /rpc/<method>` with the token header; events from the server-sent `/events` stream. */
export function httpTransport(win: BridgeWindow, token: string): Transport {
  return {
    async invoke(method, input) {
      if (!token) {
        return failure('UNAUTHENTICATED', 'This page was opened without its access key. Open the address Ledgerdesk printed when it started.');
      }
      try {
        const response = await win.fetch(`/rpc/${method}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-ledgerdesk-token': token },
          body: JSON.stringify(input)
        });
        if (response.status === 401) {
          return failure('UNAUTHENTICATED', 'Ledgerdesk no longer accepts this page. Open the address it printed when it started.');
        }
        return await response.json();
      } catch {
        return failure('UNAVAILABLE', 'Ledgerdesk lost contact with its local service. Is it still running?');
      }
    },
    subscribe(listener) {
      if (!token) return;
      const stream = new win.EventSource(`/events?token=${encodeURIComponent(token)}`);
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
    }
  };
}

/** Defines window.api, once, read-only. */
export function installBridge(win: BridgeWindow): void {
  const api = buildApi(httpTransport(win, takeToken(win)));
  Object.defineProperty(win, 'api', { value: api, configurable: false, writable: false });
}
