export interface QuittingAppLike {
  on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown;
  on(event: 'window-all-closed', listener: () => void): unknown;
  quit(): void;
}

/**
 * Electron does not wait for promises in before-quit, so the first quit is held back until the
 * services have shut down (signed out, timers stopped), or until `timeoutMs` has passed so a
 * hung network call can never keep the app alive. Then the quit is repeated for real.
 */
export function disposeBeforeQuit(
  app: QuittingAppLike,
  dispose: () => Promise<void>,
  options: { timeoutMs?: number; onError?: (error: unknown) => void } = {}
): void {
  let state: 'running' | 'disposing' | 'disposed' = 'running';
  app.on('before-quit', (event) => {
    if (state === 'disposed') return;
    event.preventDefault();
    if (state === 'disposing') return;
    state = 'disposing';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, options.timeoutMs ?? 5000);
    });
    Promise.race([dispose().catch((error: unknown) => options.onError?.(error)), timeout]).finally(() => {
      clearTimeout(timer);
      state = 'disposed';
      app.quit();
    });
  });
}

/** macOS apps stay in the Dock with no window; everywhere else closing the last window quits. */
export function quitWhenAllWindowsClosed(app: QuittingAppLike, platform: NodeJS.Platform): void {
  app.on('window-all-closed', () => {
    if (platform !== 'darwin') app.quit();
  });
}
