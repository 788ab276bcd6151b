import { create } from 'zustand';

interface UpdatesStore {
  /** The downloaded version waiting for a restart, or null. */
  readyVersion: string | null;
  /** "Later": hidden until the app next starts, on every page. */
  dismissed: boolean;
  ready(version: string): void;
  dismiss(): void;
}

export const useUpdates = create<UpdatesStore>()((set) => ({
  readyVersion: null,
  dismissed: false,
  ready: (version) => set({ readyVersion: version }),
  dismiss: () => set({ dismissed: true })
}));
