import type { Api } from '../../../shared/contract';
import type { ErrorCode, Result } from '../../../shared/result';

/** A failed call, thrown so TanStack Query and form handlers can treat it like any error. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const UNREACHABLE = 'Ledgerdesk cannot reach its service. Check that the app is running, then try again.';

/** window.api, or an UNAVAILABLE error when the page was opened without its bridge. */
export function api(): Api {
  const bridge = (window as Partial<Window>).api;
  if (!bridge) throw new ApiError('UNAVAILABLE', UNREACHABLE);
  return bridge;
}

/**
 * Unwraps a Result: the value, or an ApiError carrying the code and message. A rejected promise
 * means the transport itself broke (never a business error), so it becomes UNAVAILABLE.
 */
export async function call<T>(request: Promise<Result<T>> | (() => Promise<Result<T>>)): Promise<T> {
  let result: Result<T>;
  try {
    result = await (typeof request === 'function' ? request() : request);
  } catch (cause) {
    if (cause instanceof ApiError) throw cause;
    throw new ApiError('UNAVAILABLE', UNREACHABLE);
  }
  if (result.ok) return result.value;
  throw new ApiError(result.error.code, result.error.message);
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}

export const isApiError = (error: unknown, code?: ErrorCode): error is ApiError => error instanceof ApiError && (code === undefined || error.code === code);
