import type { Suspension } from '../schemas/common';
import { textOr } from './changeset';
import { millisOf } from './dates';

/**
 * A suspended customer (docs/product-rules.md §6.9): their sign-in account is disabled (its sessions
 * revoked) and their document carries `suspended: true` with `suspension` {reason, at, adminEmail,
 * adminUid, operationId}. The backend host sets and clears both (server/routes/suspendUser.ts);
 * approving their withdrawals needs an override reason.
 */

export const SUSPENSION_REASON_MIN = 5;
export const SUSPENSION_REASON_MAX = 500;

/** Read from a customer document, as the screens show it (null: not suspended): `suspended` must be exactly true; the details are read leniently. */
export function suspensionOf(data: Record<string, unknown> | null | undefined): Suspension | null {
  if (!data || data.suspended !== true) return null;
  const details = (data.suspension && typeof data.suspension === 'object' ? data.suspension : {}) as Record<string, unknown>;
  const at = millisOf(details.at);
  return {
    reason: textOr(details.reason, 'No reason recorded.'),
    at: at === null ? null : new Date(at).toISOString(),
    by: typeof details.adminEmail === 'string' && details.adminEmail ? details.adminEmail : null
  };
}

/** A reason typed for a suspension or an override: trimmed; why it cannot be used, or null. */
export function reasonProblem(reason: string, what: string): string | null {
  const text = reason.trim();
  if (text.length < SUSPENSION_REASON_MIN) return `Give ${what} of at least ${SUSPENSION_REASON_MIN} characters.`;
  if (text.length > SUSPENSION_REASON_MAX) return `Keep ${what} to ${SUSPENSION_REASON_MAX} characters (${text.length} now).`;
  return null;
}
