import type { Dispatch, EventSource } from '../rpc/types';
import { EVENT_CHANNEL, RPC_CHANNEL } from '../../shared/methods';
import { fail, type Result } from '../../shared/result';

export { EVENT_CHANNEL, RPC_CHANNEL };

export interface IpcInvokeEventLike {
  readonly senderFrame: { readonly url: string } | null | undefined;
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcInvokeEventLike, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

const frameUrl = (event: IpcInvokeEventLike): string | undefined => {
  try {
    return event.senderFrame?.url;
  } catch {
    // Electron throws when the frame was disposed while the call was in flight: treat it as unknown.
    return undefined;
  }
};

/**
 * Answers every call on the rpc channel with a Result, never a thrown error (IPC would keep only
 * its message). Only the app's own page may call; what it may call and with what input is the
 * dispatcher's decision. Returns a function that removes the handler.
 */
export function registerRpc(ipcMain: IpcMainLike, dispatch: Dispatch, isTrustedSender: (frameUrl: string | undefined) => boolean): () => void {
  ipcMain.handle(RPC_CHANNEL, async (event, method, input): Promise<Result<unknown>> => {
    if (!isTrustedSender(frameUrl(event))) {
      return fail('PERMISSION_DENIED', 'This window is not allowed to call Ledgerdesk.');
    }
    if (typeof method !== 'string') return fail('VALIDATION', 'The method name must be a string.');
    try {
      return await dispatch(method, input);
    } catch {
      // The dispatcher promises never to throw; if it breaks that promise the page still gets a value.
      return fail('INTERNAL', 'Something went wrong in Ledgerdesk. Please try again.');
    }
  });
  return () => ipcMain.removeHandler(RPC_CHANNEL);
}

export type Send = (channel: string, ...args: unknown[]) => void;

/** Relays every main-process event to the page; returns a function that stops relaying. */
export function forwardEvents(events: EventSource, send: Send): () => void {
  return events.subscribe((event, payload) => {
    try {
      send(EVENT_CHANNEL, event, payload);
    } catch {
      // A window that is closing cannot receive; that must not break the event source's other listeners.
    }
  });
}
