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
import type { Operation } from './operations';

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
  /**
   * Up to max documents whose field equals value, each read inside the transaction (so the commit
   * fails if one changes meanwhile); fewer than max means these are all of them.
   */
  findAll(collection: string, field: string, value: string, max: number): Promise<StoredDoc[]>;
}

/** What a committed (or replayed) operation answers; `changeset` is null on a replay. */
export interface Committed<T> {
  answer: T;
  changeset: Changeset | null;
}

export interface LedgerStore {
  /**
   * Runs decide() inside one transaction and commits its changeset with the audit entry (at
   * auditLog/{operation.id}, holding `answer(changeset)`) and the queued e-mails, or writes nothing
   * when it answers an error (thrown as AppError). The transaction reads the audit entry first:
   * when the operation already committed, nothing is written and the stored answer comes back,
   * so a retry, a double click or a re-run of a commit whose reply was lost applies once.
   */
  transact<T>(
    operation: Operation,
    decide: (read: TransactionReader) => Promise<Result<Changeset>>,
    answer: (changeset: Changeset) => T,
    actor: SessionUser
  ): Promise<Committed<T>>;
  /** The stored answer of an operation that already committed, or null (for writes made outside Firestore). */
  previousAnswer<T>(operation: Operation): Promise<T | null>;
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
  /** A failed entry goes back in the queue, audited at auditLog/{operation.id}; a replay does nothing. */
  retry(id: string, actor: SessionUser, operation: Operation): Promise<void>;
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
  sendMail(payload: MailPayload, idToken: string, operationId: string): Promise<void>;
  /**
   * Deletes the customer's sign-in account and document; the host writes the audit entry (at
   * auditLog/{operationId}). Refused as CONFLICT, naming the balance and pending counts, while the
   * customer holds money or has pending requests, unless `force`.
   */
  deleteUser(id: string, idToken: string, operationId: string, force?: boolean): Promise<void>;
}
