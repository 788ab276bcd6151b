import { clip, scrubPersonalData } from '../../../shared/domain/privacy';
import { RENDERER_ERROR_LIMITS, type RendererErrorKind } from '@shared/domain/rendererErrors';
import { api } from './api';

export interface ErrorDetails {
  name: string;
  message: string;
  stack: string | null;
}

/** Whatever was thrown (an Error, a string, a rejected value), as a name, a message and a stack. */
export function describeError(error: unknown): ErrorDetails {
  if (error instanceof Error) return { name: error.name || 'Error', message: error.message, stack: error.stack ?? null };
  if (typeof error === 'string') return { name: 'Error', message: error, stack: null };
  let text: string;
  try {
    text = JSON.stringify(error) ?? String(error);
  } catch {
    text = String(error);
  }
  return { name: 'Error', message: text, stack: null };
}

/** The screen on show: its path only, since a query can carry a customer's e-mail (/users/by-email?email=…). */
export const currentRoute = (): string => window.location.pathname;

// Chromium's note that a layout took two passes: not an error, and it would fill the log.
const harmless = /^ResizeObserver loop (completed with undelivered notifications|limit exceeded)/;

/**
 * Sends an error to the main log (log.rendererError), scrubbed of e-mail addresses and secrets and
 * cut to the contract's bounds. Never throws and never waits: reporting an error must not raise one.
 */
export function reportError(kind: RendererErrorKind, error: unknown, route: string = currentRoute(), extra?: string): void {
  const { name, message, stack } = describeError(error);
  if (harmless.test(message)) return;
  const fullStack = [stack, extra].filter(Boolean).join('\n');
  try {
    void api()
      .log.rendererError({
        kind,
        message: clip(scrubPersonalData(`${name}: ${message}`), RENDERER_ERROR_LIMITS.message),
        stack: fullStack ? clip(scrubPersonalData(fullStack), RENDERER_ERROR_LIMITS.stack) : null,
        route: clip(scrubPersonalData(route), RENDERER_ERROR_LIMITS.route)
      })
      .catch(() => undefined);
  } catch {
    // No bridge (the page opened on its own): there is no log to write to.
  }
}

/** Errors no boundary caught (an event handler, a timer) and promises nobody awaited: to the log too. Returns the way to stop. */
export function watchUncaughtErrors(target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
  const onError = (event: ErrorEvent) => reportError('onerror', event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => reportError('unhandledrejection', event.reason);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}

/** What "Copy details" puts on the clipboard for a support request: no e-mail address, no secret. */
export function errorDetailsText(error: unknown, route: string, version: string | undefined, at: Date = new Date()): string {
  const { name, message, stack } = describeError(error);
  const lines = [`Ledgerdesk ${version ?? '(version unknown)'}`, `Screen: ${route}`, `Time: ${at.toISOString()}`, `${name}: ${message}`];
  if (stack) lines.push('', stack);
  return scrubPersonalData(lines.join('\n'));
}
