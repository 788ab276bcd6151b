import { runInNewContext } from 'node:vm';
import { vi } from 'vitest';
import type { BridgeWindow } from '../../../src/main/web/bridge';

/** A server-sent event stream the bridge opened: what it listens to, and a way to send it events. */
export class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly listeners = new Map<string, Array<(message: { data: string }) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (message: { data: string }) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  /** Delivers one `event: type / data: data` frame, as the browser would. */
  send(type: string, data: string): void {
    for (const listener of this.listeners.get(type) ?? []) listener({ data });
  }
}

export type FetchAnswer = { status: number; body: unknown } | Error;

/**
 * The parts of a browser page the bridge touches, recorded: the address, the tab's session storage,
 * fetch (answering `answer(method, init)`) and EventSource.
 */
export function fakePage(
  address = '/login?token=per-launch-secret',
  answer: (method: string, init: RequestInit) => FetchAnswer = (method) => ({ status: 200, body: { ok: true, value: method } })
) {
  const url = new URL(address, 'http://127.0.0.1:5199');
  const storage = new Map<string, string>();
  const fetch = vi.fn(async (input: string, init: RequestInit) => {
    const answered = answer(input.replace(/^\/rpc\//, ''), init);
    if (answered instanceof Error) throw answered;
    return { status: answered.status, json: async () => answered.body };
  });
  const events: FakeEventSource[] = [];
  class EventSource extends FakeEventSource {
    constructor(streamUrl: string) {
      super(streamUrl);
      events.push(this);
    }
  }
  const page = {
    location: { search: url.search, pathname: url.pathname, hash: url.hash },
    history: {
      state: null as unknown,
      replaceState: vi.fn((_state: unknown, _unused: string, next: string) => {
        const moved = new URL(next, url);
        page.location = { search: moved.search, pathname: moved.pathname, hash: moved.hash };
      })
    },
    sessionStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value)
    },
    fetch: fetch as unknown as typeof globalThis.fetch,
    EventSource
  } satisfies BridgeWindow;
  return { page, storage, fetch, events };
}

export type FakePage = ReturnType<typeof fakePage>;

/**
 * Runs a bundled bridge script the way a browser runs a classic <script>: in its own global scope
 * whose global object is the page. A module (import/export) or a CommonJS file (require, exports)
 * fails here as it would in the page. Returns that global object and the names the script added to it.
 */
export function runScript(code: string, fake: FakePage): { added: string[]; global: Record<string, unknown> } {
  const global: Record<string, unknown> = { ...fake.page, URLSearchParams, console };
  const before = new Set(Object.getOwnPropertyNames(global));
  runInNewContext(code, global);
  return { added: Object.getOwnPropertyNames(global).filter((name) => !before.has(name)), global };
}

/** What a window.api looks like from the page: each key, with its method names or 'function', and whether it is frozen. */
export function shapeOf(api: object): Record<string, { frozen: boolean; methods: string[] | 'function' }> {
  return Object.fromEntries(
    Object.entries(api)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, value]) => [
        key,
        {
          frozen: Object.isFrozen(value),
          methods:
            typeof value === 'function'
              ? ('function' as const)
              : Object.entries(value as object)
                  .filter(([, leaf]) => typeof leaf === 'function')
                  .map(([leaf]) => leaf)
                  .sort()
        }
      ])
  );
}

/** The shape the contract implies: one frozen namespace per prefix holding its methods, plus `on`. */
export function contractShape(methods: readonly string[]): ReturnType<typeof shapeOf> {
  const namespaces = new Map<string, string[]>();
  for (const method of methods) {
    const dot = method.indexOf('.');
    namespaces.set(method.slice(0, dot), [...(namespaces.get(method.slice(0, dot)) ?? []), method.slice(dot + 1)]);
  }
  const shape: ReturnType<typeof shapeOf> = { on: { frozen: false, methods: 'function' } };
  for (const [namespace, leaves] of namespaces) shape[namespace] = { frozen: true, methods: leaves.sort() };
  return Object.fromEntries(Object.entries(shape).sort(([a], [b]) => a.localeCompare(b)));
}
