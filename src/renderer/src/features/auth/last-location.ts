import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { readDraft, useDraft, type DraftCheck } from '../../lib/drafts';
import { returnPath, type SignInRedirectState } from './redirect';

/** The screen the administrator was on, with its filters (they live in the URL): kept as a draft. */
const LOCATION_DRAFT_KEY = 'location';
const locationSchema: DraftCheck<string> = {
  safeParse: (value) => (typeof value === 'string' ? { success: true, data: value } : { success: false })
};

/**
 * Keeps the admin screen on show, so signing in again after an idle sign-out returns to it even
 * when this window was reloaded or reopened in between; a deliberate sign-out forgets it (main process).
 */
export function useRememberLocation(): void {
  const { pathname, search } = useLocation();
  const { loaded, save } = useDraft(LOCATION_DRAFT_KEY, locationSchema);
  useEffect(() => {
    if (loaded) save(`${pathname}${search}`);
  }, [loaded, save, pathname, search]);
}

/**
 * Where to go after signing in: the page the guard sent us from, else the screen kept from the last
 * session (only an idle or lock-screen sign-out keeps it), else the dashboard. Null while reading.
 */
export function useReturnPath(state: unknown, signedIn: boolean): string | null {
  const from = (state as SignInRedirectState | null)?.from;
  const [kept, setKept] = useState<{ path: string } | null>(null);
  useEffect(() => {
    if (!signedIn || from !== undefined) return;
    let open = true;
    void readDraft(LOCATION_DRAFT_KEY).then((value) => {
      if (open) setKept({ path: returnPath({ from: value }) });
    });
    return () => {
      open = false;
    };
  }, [signedIn, from]);
  if (from !== undefined) return returnPath(state);
  return kept?.path ?? null;
}
