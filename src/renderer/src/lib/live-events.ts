import { useEffect, useRef } from 'react';
import { create } from 'zustand';
import type { EventPayload } from '../../../shared/contract';
import type { EventName } from '../../../shared/methods';
import { api } from './api';

/**
 * Listens to one of the main process's events while the component is mounted. The handler may
 * change between renders without the subscription being made again.
 */
export function useMainEvent<E extends EventName>(event: E, handler: (payload: EventPayload<E>) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    try {
      return api().on(event, (payload) => latest.current(payload));
    } catch {
      // No bridge: the page already says the service is unreachable.
      return undefined;
    }
  }, [event]);
}

interface ConnectionState {
  /** Whether Firestore answers the main process's listeners (false: working from what was last seen). */
  online: boolean;
  setOnline(online: boolean): void;
}

/** Set by the sidebar from 'live.connection'; the list banners read it too. */
export const useConnection = create<ConnectionState>((set) => ({
  online: true,
  setOnline: (online) => set({ online })
}));
