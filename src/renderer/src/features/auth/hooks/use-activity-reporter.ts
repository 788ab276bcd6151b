import { useEffect } from 'react';
import { useSession } from '../../../stores/session';
import { reportActivity } from '../api/session';

const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'mousedown', 'touchstart'] as const;

/**
 * Reports the administrator's activity to the main process, which owns the idle timer.
 * Throttled to one call per min(5 s, timeout / 4), with a trailing call so the last movement
 * in a burst is never lost; while the idle warning shows, the first movement goes out at once.
 */
export function useActivityReporter(): void {
  const signedIn = useSession((s) => s.user !== null);
  const idleTimeoutMs = useSession((s) => s.idleTimeoutMs);

  useEffect(() => {
    if (!signedIn) return;
    const interval = Math.min(5000, idleTimeoutMs / 4);
    let lastSent = Number.NEGATIVE_INFINITY;
    let trailing: number | undefined;

    const send = () => {
      window.clearTimeout(trailing);
      trailing = undefined;
      lastSent = performance.now();
      reportActivity();
    };

    const onActivity = () => {
      if (useSession.getState().idleWarning) return send();
      const elapsed = performance.now() - lastSent;
      if (elapsed >= interval) send();
      else trailing ??= window.setTimeout(send, interval - elapsed);
    };

    const options: AddEventListenerOptions = { passive: true, capture: true };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, options);
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, options);
      window.clearTimeout(trailing);
    };
  }, [signedIn, idleTimeoutMs]);
}
