// What the backend host is built from, apart from the routes that use it, so a route and the app that
// registers it need not import each other.
import type { TokenVerifier } from './auth';
import type { UserStore } from './users';
import type { MailSender } from './mailer';
import type { OperationStore } from './operations';
import type { ReadinessCheck } from './readiness';
import type { TeamStore } from './team';

export interface BackendHostDeps {
  verifier: TokenVerifier;
  mailer: MailSender;
  /** Customers' sign-in accounts and `users` documents, for DELETE /api/deleteUser/:id and the suspension routes. */
  users: UserStore;
  /** Idempotency-Key records (`backendOperations/{key}`), so one key deletes or sends at most once. */
  operations: OperationStore;
  /** The clock for idempotency leases and the step-up window; Date.now unless a test says otherwise. */
  now?: () => number;
  /** How long after the password was typed (the ID token's auth_time) deletion and suspension are let through; 5 minutes, never more. */
  stepUpWindowMs?: number;
  /** Narrows service to this one account, which still needs the `admin` custom claim (it never stands in for it); null: every account with the claim. */
  adminUid?: string | null;
  /** How many years a deleted customer's archive is kept (`retainUntil`); 5 unless LEDGERDESK_RETAIN_YEARS says otherwise. */
  retainYears?: number;
  /** One line per request (method, path, status) and per failure; never bodies or tokens. */
  log: (line: string) => void;
  /** What GET /healthz reports; the build stamps the package's version, a checkout says 'development'. */
  version?: string;
  /** What GET /readyz asks: Google credentials and Firestore reachable now. Absent (fakes), the host counts as ready. */
  ready?: ReadinessCheck;
  /** The mailOutbox entries, so a role without mail (a viewer) may still deliver what is queued; absent, only roles with mail may send. */
  queuedMail?: QueuedMail;
  /** The team's accounts, roles and `team/{uid}` documents (the /api/team routes); absent, the routes are too. */
  team?: TeamStore;
  /** Reconciliation runs on the server (POST /api/reconciliation/start); absent, the route is too and the desktop runs them. */
  runs?: ServerRuns;
}

export interface ServerRuns {
  /** Starts a run signed by the administrator, once per operation id; rejects with `conflict` while another run is going. */
  start(actor: { uid: string; email: string }, operationId: string): Promise<{ runId: string }>;
}

/** One mailOutbox entry as stored (to, subject, companyName, html, text, state, attempts), or null. */
export interface QueuedMail {
  find(outboxId: string): Promise<Record<string, unknown> | null>;
}
