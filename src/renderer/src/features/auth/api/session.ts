import type { Input, Output, SessionState, SignedInAdministrator } from '@shared/contract';
import { api, call, errorMessage } from '../../../lib/api';
import { queryClient } from '../../../lib/query-client';
import { useSession } from '../../../stores/session';

/** Bumped by every pushed session change, so an older session.get answer never overwrites it. */
let pushedChanges = 0;

function apply(state: SessionState) {
  const wasSignedIn = useSession.getState().user !== null;
  useSession.getState().applySession(state);
  // The next administrator (or the same one, later) must never see cached figures.
  if (wasSignedIn && state.user === null) queryClient.clear();
}

/** Reads the session from the main process; on failure the app shows "unreachable" with Retry. */
export async function refreshSession(): Promise<void> {
  const seen = pushedChanges;
  try {
    const state = await call(() => api().session.get({}));
    if (seen === pushedChanges) apply(state);
  } catch (error) {
    if (useSession.getState().status !== 'ready') useSession.getState().unreachable(errorMessage(error));
  }
}

/** Listens to the main process's session events for the lifetime of the app; returns the unsubscribe. */
export function watchSession(): () => void {
  let bridge;
  try {
    bridge = api();
  } catch (error) {
    useSession.getState().unreachable(errorMessage(error));
    return () => {};
  }
  const offChanged = bridge.on('session.changed', (state) => {
    pushedChanges += 1;
    apply(state);
  });
  const offWarning = bridge.on('session.idleWarning', ({ msLeft }) => {
    if (useSession.getState().user) useSession.getState().warnIdle(msLeft);
  });
  return () => {
    offChanged();
    offWarning();
  };
}

/** Signed in, or the account's authenticator code is asked for next (signInCode). */
export async function signIn(input: Input<'session.signIn'>): Promise<Output<'session.signIn'>> {
  const answer = await call(() => api().session.signIn(input));
  if ('codeRequired' in answer) return answer;
  useSession.getState().signedIn(answer);
  return answer;
}

/** The second step of a sign-in whose account has an authenticator app. */
export async function signInCode(code: string): Promise<SignedInAdministrator> {
  const user = await call(() => api().session.signInCode({ code }));
  useSession.getState().signedIn(user);
  return user;
}

export async function signOut(): Promise<void> {
  await call(() => api().session.signOut({}));
  await refreshSession();
}

/** Tells the main process the administrator is here; it restarts its idle timer. */
export function reportActivity(): void {
  useSession.getState().clearIdleWarning();
  // A failed report is harmless: at worst the main process signs out on time and says so.
  void call(() => api().session.activity({})).catch(() => undefined);
}
