import { useEffect, useRef } from 'react';
import { create } from 'zustand';

/** An export the screen on display offers (its Export CSV button), which the command palette can run. */
export interface ViewExport {
  key: number;
  /** What is exported: "deposits", "the audit log". */
  noun: string;
  run: () => void;
}

interface CurrentView {
  exports: ViewExport[];
  add(entry: ViewExport): void;
  remove(key: number): void;
}

/**
 * What the screen on display can do beyond its own buttons, for the command palette: only what is
 * mounted now, so the palette never offers the export of a screen that has been left.
 */
export const useCurrentView = create<CurrentView>()((set) => ({
  exports: [],
  add: (entry) => set((view) => ({ exports: [...view.exports, entry] })),
  remove: (key) => set((view) => ({ exports: view.exports.filter((entry) => entry.key !== key) }))
}));

let nextKey = 1;

/** Offers `run` as this screen's export while the calling component is mounted. */
export function useRegisterExport(noun: string, run: () => void): void {
  // The latest run, so the entry stays put while the button re-renders with new filters.
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  useEffect(() => {
    const key = nextKey++;
    useCurrentView.getState().add({ key, noun, run: () => latest.current() });
    return () => useCurrentView.getState().remove(key);
  }, [noun]);
}
