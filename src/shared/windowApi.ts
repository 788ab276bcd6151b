import { eventNames, methodNames, splitMethod, type EventName, type MethodName } from './methods';

// window.api, built by this one module for both transports: the Electron preload (IPC) and browser
// mode's bridge script (HTTP). Only how a call travels and how events arrive differ (the Transport);
// the names, `{}` for a call without input, failures as Result values, listener isolation and the
// frozen namespaces live here, so the two cannot drift apart. The sandboxed preload bundles this file
// and may require nothing but `electron`: no npm imports here (nor contract.ts, which loads zod); the
// renderer gets the precise types from contract.ts's `Api`.

/** How window.api reaches the privileged side. */
export interface Transport {
  /** Sends one call; resolves with the Result the other side answered. A rejection becomes UNAVAILABLE. */
  invoke(method: MethodName, input: unknown): Promise<unknown>;
  /** Starts hearing every event the other side sends. Called once, at the page's first `api.on`. */
  subscribe(listener: (event: string, payload: unknown) => void): void;
}

export type MethodFunction = (input?: unknown) => Promise<unknown>;
export type EventListener = (payload: unknown) => void;

export interface WindowApi {
  readonly [namespace: string]: unknown;
  on(event: string, listener: EventListener): () => void;
}

const knownEvents: ReadonlySet<string> = new Set<string>(eventNames);

// A rejected invoke (no handler yet, main process crashed) would reach the screen as a bare Error
// with only a message; answering a Result keeps the one error path the screens already handle.
const unavailable = (error: unknown) => ({
  ok: false as const,
  error: {
    code: 'UNAVAILABLE' as const,
    message: `The main process did not answer: ${error instanceof Error ? error.message : String(error)}`
  }
});

export function buildApi(transport: Transport): WindowApi {
  const api: Record<string, unknown> = {};
  const namespaces: Record<string, Record<string, MethodFunction>> = {};
  for (const method of methodNames) {
    const [namespace, leaf] = splitMethod(method);
    (namespaces[namespace] ??= {})[leaf] = (input) => {
      try {
        return transport.invoke(method, input ?? {}).catch(unavailable);
      } catch (error) {
        return Promise.resolve(unavailable(error));
      }
    };
  }
  // Frozen all the way down: page code (or a script it loads) cannot swap api.deposits.setStatus.
  for (const [namespace, methods] of Object.entries(namespaces)) api[namespace] = Object.freeze(methods);

  // One transport listener for the whole page, however many screens subscribe (no MaxListeners
  // warning, one event stream), opened by the first subscription.
  const listeners = new Map<EventName, Set<EventListener>>();
  let subscribed = false;
  const deliver = (event: string, payload: unknown): void => {
    if (!knownEvents.has(event)) return;
    for (const listener of [...(listeners.get(event as EventName) ?? [])]) {
      // One failing screen must not stop the others from hearing the event, nor break the transport.
      try {
        listener(payload);
      } catch (error) {
        console.error(`A listener for ${event} failed`, error);
      }
    }
  };

  api['on'] = (event: string, listener: EventListener): (() => void) => {
    if (!knownEvents.has(event)) throw new TypeError(`Unknown event: ${String(event)}`);
    if (typeof listener !== 'function') throw new TypeError('The listener must be a function');
    if (!subscribed) {
      subscribed = true;
      transport.subscribe(deliver);
    }
    const set = listeners.get(event as EventName) ?? new Set<EventListener>();
    listeners.set(event as EventName, set);
    // Each subscription gets its own entry: a page function's identity is not reliable across
    // contextBridge, so unsubscribing goes through this closure, never through the function.
    const entry: EventListener = (payload) => listener(payload);
    set.add(entry);
    return () => {
      set.delete(entry);
    };
  };
  return Object.freeze(api) as WindowApi;
}
