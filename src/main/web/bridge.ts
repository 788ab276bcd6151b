import { eventNames, methodNames } from '../../shared/methods';

/**
 * Browser mode's stand-in for the preload: defines the same window.api over HTTP. It runs in the
 * page, so installBridge must stay self-contained (it is serialised with toString()).
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

export function installBridge(
  win: BridgeWindow,
  methods: readonly string[],
  events: readonly string[]
): void {
  const TOKEN_KEY = 'ledgerdesk.token';
  const params = new URLSearchParams(win.location.search);
  const fromUrl = params.get('token');
  if (fromUrl) {
    win.sessionStorage.setItem(TOKEN_KEY, fromUrl);
    // Keep the token out of the address bar, history and screenshots.
    params.delete('token');
    const rest = params.toString();
    win.history.replaceState(win.history.state, '', win.location.pathname + (rest ? `?${rest}` : '') + win.location.hash);
  }
  const token = win.sessionStorage.getItem(TOKEN_KEY) ?? '';
  const failure = (code: string, message: string) => ({ ok: false, error: { code, message } });

  const call = async (method: string, input: unknown) => {
    if (!token) {
      return failure('UNAUTHENTICATED', 'This page was opened without its access key. Open the address Ledgerdesk printed when it started.');
    }
    try {
      const response = await win.fetch(`/rpc/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ledgerdesk-token': token },
        body: JSON.stringify(input ?? {})
      });
      if (response.status === 401) {
        return failure('UNAUTHENTICATED', 'Ledgerdesk no longer accepts this page. Open the address it printed when it started.');
      }
      return await response.json();
    } catch {
      return failure('UNAVAILABLE', 'Ledgerdesk lost contact with its local service. Is it still running?');
    }
  };

  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let streaming = false;
  const ensureStream = () => {
    if (streaming || !token) return;
    streaming = true;
    const stream = new win.EventSource(`/events?token=${encodeURIComponent(token)}`);
    for (const name of events) {
      stream.addEventListener(name, (message) => {
        const payload: unknown = JSON.parse(message.data);
        for (const listener of listeners.get(name) ?? []) listener(payload);
      });
    }
  };

  const api: Record<string, unknown> = {
    on(event: string, listener: (payload: unknown) => void) {
      if (!events.includes(event)) throw new Error(`Unknown event: ${event}`);
      ensureStream();
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    }
  };
  for (const method of methods) {
    const dot = method.indexOf('.');
    const group = method.slice(0, dot);
    const name = method.slice(dot + 1);
    const target = (api[group] ??= {}) as Record<string, unknown>;
    target[name] = (input?: unknown) => call(method, input);
  }
  Object.defineProperty(win, 'api', { value: Object.freeze(api), configurable: false, writable: false });
}

export const bridgeScript = (): string =>
  `(${installBridge.toString()})(window, ${JSON.stringify(methodNames)}, ${JSON.stringify(eventNames)});\n`;
