export interface PowerMonitorLike {
  on(event: 'lock-screen' | 'suspend', listener: () => void): unknown;
  removeListener(event: 'lock-screen' | 'suspend', listener: () => void): unknown;
}

const lockEvents = ['lock-screen', 'suspend'] as const;

/**
 * An unattended, unlocked back-office is the risk: when the computer locks or sleeps, the admin
 * session ends. Returns a function that stops watching.
 */
export function watchScreenLock(powerMonitor: PowerMonitorLike, onLock: () => void): () => void {
  const listener = (): void => onLock();
  for (const event of lockEvents) powerMonitor.on(event, listener);
  return () => {
    for (const event of lockEvents) powerMonitor.removeListener(event, listener);
  };
}
