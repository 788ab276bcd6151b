import type { EventName } from '../../shared/methods';
import type { EventPayload } from '../../shared/contract';
import type { Result } from '../../shared/result';

/**
 * What a transport needs from the main process: one function that runs a method by name with
 * untrusted input and always answers a Result (it never throws), and a way to hear events.
 */
export type Dispatch = (method: string, rawInput: unknown) => Promise<Result<unknown>>;

export interface EventSource {
  subscribe(listener: <E extends EventName>(event: E, payload: EventPayload<E>) => void): () => void;
}
