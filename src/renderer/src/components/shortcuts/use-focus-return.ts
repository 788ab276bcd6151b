import { useLayoutEffect } from 'react';

/**
 * Gives the focus back to what had it when a window opened from the keyboard closes: Radix hands
 * it only to a trigger button, and a shortcut has none. Only when the focus fell to <body> with
 * the window, never pulling it from where the window sent it (a new screen's content).
 */
export function useFocusReturn(open: boolean) {
  // A layout effect: it runs before the window moves the focus into itself.
  useLayoutEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      // After the window has left the page, so its own focus handling is done.
      setTimeout(() => {
        const lost = document.activeElement === null || document.activeElement === document.body;
        if (lost && previous?.isConnected) previous.focus();
      }, 0);
    };
  }, [open]);
}
