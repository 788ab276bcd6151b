import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/** How long a screen may take to draw its heading (its code or its record still loading). */
const HEADING_WAIT_MS = 5_000;

/** The administrator is typing or deciding: a screen that finishes loading must not take the focus from there. */
const busyElsewhere = (element: Element | null): boolean =>
  element instanceof HTMLElement &&
  (element.isContentEditable ||
    element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement ||
    element.closest('[role="dialog"], [role="alertdialog"]') !== null);

/** Focuses the screen's heading once it is drawn (the content area itself when the screen has none). */
function focusHeading(content: HTMLElement): () => void {
  const started = performance.now();
  let frame = 0;
  const attempt = () => {
    const heading = content.querySelector<HTMLElement>('h1');
    if (!heading && performance.now() - started < HEADING_WAIT_MS) {
      frame = requestAnimationFrame(attempt);
      return;
    }
    if (busyElsewhere(document.activeElement)) return;
    const target = heading ?? content;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
  };
  frame = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(frame);
}

/**
 * A move to another screen puts the focus on its heading, so a screen reader reads where the
 * administrator now is and Tab goes on from the top of that screen, and returns the screen's name
 * for a live region to announce. Filters (the URL's search) are not a move.
 */
export function useScreenFocus(title: string | undefined): string {
  const { pathname } = useLocation();
  const [announced, setAnnounced] = useState('');
  const latestTitle = useRef(title);
  latestTitle.current = title;

  useEffect(() => {
    const content = document.getElementById('content');
    const stop = content ? focusHeading(content) : () => undefined;
    // Emptied first, so the same name said twice in a row (two users' pages) is said again.
    setAnnounced('');
    const timer = setTimeout(() => setAnnounced(latestTitle.current ?? ''), 100);
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [pathname]);

  return announced;
}
