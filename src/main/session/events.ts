import type { EventPayload } from '../../shared/contract';
import type { EventName } from '../../shared/methods';
import type { EventSource } from '../rpc/types';

type Listener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/** Fans main-process events out to whichever transports are listening (IPC window, SSE clients). */
export class EventBus implements EventSource {
  private readonly listeners = new Set<Listener>();

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    for (const listener of this.listeners) listener(event, payload);
  }
}
