import { api, call } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useUpdates } from '../store';

/** Main already tells an error once; this only stops the start-up status from repeating that event. */
let errorTold = false;

function tellError(message: string): void {
  errorTold = true;
  notify.error('Ledgerdesk could not check for updates', message);
}

/**
 * Hears the updater for the lifetime of the app, and asks for its status once, because an update
 * (or an error) may have been announced before this page was listening. Returns the unsubscribe.
 */
export function watchUpdates(): () => void {
  let bridge;
  try {
    bridge = api();
  } catch {
    // The session gate already says the service is unreachable.
    return () => {};
  }
  const offReady = bridge.on('app.updateReady', ({ version }) => useUpdates.getState().ready(version));
  const offError = bridge.on('app.updateError', ({ message }) => tellError(message));
  const bridgeApi = bridge;
  call(() => bridgeApi.app.updateStatus({}))
    .then((status) => {
      if (status.state === 'ready' && status.version) useUpdates.getState().ready(status.version);
      else if (status.state === 'error' && status.message && !errorTold) tellError(status.message);
    })
    // Updates are a convenience; the app works the same without knowing about them.
    .catch(() => undefined);
  return () => {
    offReady();
    offError();
  };
}

/** Quits and installs the downloaded update; rejects with an ApiError when main refuses. */
export async function restartToUpdate(): Promise<void> {
  await call(() => api().app.restartToUpdate({}));
}
