/**
 * Errors cross every boundary as values, never as thrown exceptions: Electron's IPC keeps only
 * the message of a thrown error, and a screen needs the code to decide what to show.
 */
export const errorCodes = [
  'VALIDATION',
  'NOT_FOUND',
  'CONFLICT',
  'PERMISSION_DENIED',
  'UNAUTHENTICATED',
  // The signed-in administrator's role does not allow this (src/shared/domain/roles.ts); the rules refuse the same write.
  'FORBIDDEN',
  'UNAVAILABLE',
  'INTERNAL',
  // The password must be typed again (step-up, docs/product-rules.md §11.2): the screen asks for it and sends the same request again.
  'STEP_UP_REQUIRED',
  // A decision's record (or the figures it moves) changed since its preview: the dialog shows the new preview to decide again.
  'STALE_VERSION',
  // A deletion refused because the customer still holds money or has open requests: the dialog shows the figures and asks again.
  'HOLDS_MONEY'
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export interface AppErrorShape {
  code: ErrorCode;
  message: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppErrorShape };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

export const fail = (code: ErrorCode, message: string): Result<never> => ({
  ok: false,
  error: { code, message }
});

/** Thrown inside the main process only; the rpc layer turns it back into a Result. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string
  ) {
    super(message);
    this.name = 'AppError';
  }
}
