import type {
  AuditEntry,
  CompoundInvestmentRow,
  CustomerCard,
  DepositRow,
  InvestmentRow,
  MailEntry,
  MailQueueCounts,
  MailState,
  Page,
  SessionUser,
  WithdrawalRow
} from '../../shared/contract';
import type { AuditKind, Changeset } from '../../shared/domain/changeset';
import type { Result } from '../../shared/result';

/**
 * What the use-cases need from storage. The Firebase implementation lives in src/main/firebase;
 * the rules themselves stay pure in src/shared/domain.
 */

export interface StoredDoc {
  id: string;
  data: Record<string, unknown>;
}

/** Reads inside one transaction: every document read here is re-checked when it commits. */
export interface TransactionReader {
  /** 'users/abc' -> the document, or null when it does not exist (or the path is not a document). */
  get(path: string): Promise<StoredDoc | null>;
  /** The first document whose field equals value, read inside the transaction. */
  findOne(collection: string, field: string, value: string): Promise<StoredDoc | null>;
}

export interface LedgerStore {
  /**
   * Runs decide() inside one transaction and commits its changeset with the audit entry and the
   * queued e-mails, or writes nothing when it answers an error (thrown as AppError). Contention
   * re-runs decide() against fresh reads.
   */
  transact(decide: (read: TransactionReader) => Promise<Result<Changeset>>, actor: SessionUser): Promise<Changeset>;
}

/** Which page: after `cursor` (null: the first), `pageSize` rows (absent: the list's own size). */
export interface PageAt {
  cursor?: string | null;
  pageSize?: number;
}

export interface MoneyLists {
  deposits(at: PageAt): Promise<Page<DepositRow>>;
  withdrawals(at: PageAt): Promise<Page<WithdrawalRow>>;
  investments(at: PageAt): Promise<Page<InvestmentRow>>;
  compoundInvestments(at: PageAt): Promise<Page<CompoundInvestmentRow>>;
  customerCard(id: string): Promise<CustomerCard>;
  audit(kind: AuditKind | null, at: PageAt): Promise<Page<AuditEntry>>;
}

/** An outbox entry claimed by one dispatcher for one attempt. */
export interface ClaimedMail {
  id: string;
  to: string;
  subject: string;
  companyName: string;
  html: string;
  text: string;
  /** Attempts including this one. */
  attempts: number;
}

export interface MailOutbox {
  list(state: MailState | null, at: PageAt): Promise<Page<MailEntry>>;
  counts(): Promise<MailQueueCounts>;
  /** Ids of entries whose next attempt is due at nowMs, oldest first. */
  due(nowMs: number, limit: number): Promise<string[]>;
  /** Leases the entry until nowMs + leaseMs, or null when it is not due any more (sent, or leased elsewhere). */
  claim(id: string, nowMs: number, leaseMs: number, owner: string): Promise<ClaimedMail | null>;
  markSent(id: string, owner: string): Promise<void>;
  /** retryAtMs null: no more automatic attempts; the administrator can retry it by hand. */
  markFailed(id: string, owner: string, error: string, retryAtMs: number | null): Promise<void>;
  /** A failed entry goes back in the queue, audited. */
  retry(id: string, actor: SessionUser): Promise<void>;
}

export interface MailPayload {
  email: string;
  subject: string;
  CompanyName: string;
  htmlToSend: string;
  /** The plain-text part; the backend host derives one from the HTML when absent. */
  textToSend?: string;
}

/** The platform's backend host (server/): sends e-mail on the administrator's behalf. */
export interface BackendHost {
  sendMail(payload: MailPayload, idToken: string): Promise<void>;
  /** Deletes the customer's sign-in account and document; the host writes the audit entry. */
  deleteUser(id: string, idToken: string): Promise<void>;
}
