import type { Role } from '../../shared/domain/roles';
import type { MailPayload } from '../../shared/schemas/backendHost';
import type { TeamMember } from '../../shared/schemas/team';

export type { MailPayload };

/** The platform's backend host (server/): sends e-mail on the administrator's behalf. */
export interface BackendHost {
  sendMail(payload: MailPayload, idToken: string, operationId: string): Promise<void>;
  /**
   * Deletes the customer's sign-in account and document, keeping the document with the reason at
   * archivedUsers/{id}; the host writes the audit entry (at auditLog/{operationId}). Refused as
   * HOLDS_MONEY, naming the balance and pending counts, while the customer holds money or has pending
   * requests, unless `force`. With `approvalRequestId` the approver applies that request (dual
   * control, docs/product-rules.md §15.6): the host checks it and marks it applied with the deletion.
   */
  deleteUser(id: string, idToken: string, operationId: string, decision: { reason: string; force?: boolean; approvalRequestId?: string }): Promise<void>;
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
  /** The team (docs/product-rules.md §15.2): every member with their role, second factor, last sign-in and invitation. Owners only. */
  listTeam(idToken: string): Promise<{ members: TeamMember[] }>;
  /**
   * Makes the account (or takes an existing one that is not a customer's) with the role, and queues
   * the invitation with a link to set a password; once per operation id, audited. Owners only.
   * Each team change takes the approval request it applies, when the policy covers team changes (§15.6).
   */
  inviteMember(
    invitation: { email: string; role: Role; platformName: string },
    idToken: string,
    operationId: string,
    approvalRequestId?: string
  ): Promise<TeamChange>;
  /** Sets the role and revokes the member's sessions; CONFLICT for the last owner. */
  setMemberRole(uid: string, role: Role, idToken: string, operationId: string, approvalRequestId?: string): Promise<TeamChange>;
  /** Disables the account and revokes its sessions; CONFLICT for the last owner or oneself. */
  disableMember(uid: string, idToken: string, operationId: string, approvalRequestId?: string): Promise<TeamChange>;
}

/** What a team change did, in words, and the member as they are now. */
export interface TeamChange {
  message: string;
  member: TeamMember;
  /** The change was filed as an approval request (dual control): nothing was done yet. */
  approvalRequestId?: string;
}
