import { eventNames, methodNames, splitMethod, type EventName, type MethodName } from '../shared/methods';

// The preload is bundled alone into a sandboxed CommonJS file, so it may not import zod (nor
// contract.ts, which does); the renderer gets the precise types from contract.ts's `Api`.

/** Sends one call to the main process; resolves with whatever Result the main process answers. */
export type Invoke = (method: MethodName, input: unknown) => Promise<unknown>;

/** Hears every event the main process forwards; returns a function that stops listening. */
export type Subscribe = (listener: (event: string, payload: unknown) => void) => () => void;

export type MethodFunction = (input?: unknown) => Promise<unknown>;
export type EventListener = (payload: unknown) => void;

export interface PreloadApi {
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

const methodFunction =
  (invoke: Invoke, method: MethodName): MethodFunction =>
  (input) =>
    invoke(method, input ?? {}).catch(unavailable);

export function buildApi(invoke: Invoke, subscribe: Subscribe): PreloadApi {
  const namespaces: Record<string, Record<string, MethodFunction>> = {};
  for (const method of methodNames) {
    const [namespace, leaf] = splitMethod(method);
    (namespaces[namespace] ??= {})[leaf] = methodFunction(invoke, method);
  }

  // One IPC listener for the whole page, however many screens subscribe, so Node's
  // MaxListeners warning never fires and the IPC event object (which carries `sender`)
  // never reaches page code.
  const listeners = new Map<EventName, Set<EventListener>>();
  subscribe((event, payload) => {
    if (!knownEvents.has(event)) return;
    for (const listener of [...(listeners.get(event as EventName) ?? [])]) {
      // One failing screen must not stop the others from hearing the event.
      try {
        listener(payload);
      } catch (error) {
        console.error(`A listener for ${event} failed`, error);
      }
    }
  });

  const on = (event: string, listener: EventListener): (() => void) => {
    if (!knownEvents.has(event)) throw new TypeError(`Unknown event: ${String(event)}`);
    if (typeof listener !== 'function') throw new TypeError('The listener must be a function');
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

  const api: Record<string, unknown> = {};
  for (const [namespace, methods] of Object.entries(namespaces)) api[namespace] = Object.freeze(methods);
  api['on'] = on;
  return Object.freeze(api) as PreloadApi;
}
