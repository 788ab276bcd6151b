import type { MailPayload } from '../../../shared/schemas/backendHost';

export type { MailPayload };

/** The platform's backend host (server/): sends e-mail on the administrator's behalf. */
export interface BackendHost {
  sendMail(payload: MailPayload, idToken: string, operationId: string): Promise<void>;
  /**
   * Deletes the customer's sign-in account and document, keeping the document with the reason at
   * archivedUsers/{id}; the host writes the audit entry (at auditLog/{operationId}). Refused as
   * HOLDS_MONEY, naming the balance and pending counts, while the customer holds money or has pending
   * requests, unless `force`.
   */
  deleteUser(id: string, idToken: string, operationId: string, decision: { reason: string; force?: boolean }): Promise<void>;
  /** Disables the sign-in account (sessions revoked), then sets `suspended` with the reason; the host writes the audit entry. */
  suspendUser(id: string, reason: string, idToken: string, operationId: string): Promise<void>;
  /** Enables the sign-in account again, then clears `suspended`; audited the same way. */
  unsuspendUser(id: string, reason: string, idToken: string, operationId: string): Promise<void>;
  /**
   * Starts a reconciliation run on the server (Ledgerdesk's functions, one page per task), once per
   * operation id; null when the host cannot run one (none configured, unreachable, or the original
   * host without the route): the desktop then runs it. CONFLICT while another run is going.
   */
  startReconciliation(idToken: string, operationId: string): Promise<{ runId: string } | null>;
}
