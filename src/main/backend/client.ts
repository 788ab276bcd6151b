import { REAUTH_REQUIRED_MESSAGE, STEP_UP_REQUIRED } from '../../shared/domain/access';
import { AppError, type ErrorCode } from '../../shared/result';
import { HOLDS_MONEY, type DeleteCustomerBody, type SuspensionBody } from '../../shared/schemas/backendHost';
import { teamChangeSchema, teamListSchema } from '../../shared/schemas/team';
import type { BackendHost, MailPayload } from '../../core/ports/backendHost';

const TIMEOUT_MS = 20_000;

const NO_HOST = 'No backend host is configured. Set backendUrl (or LEDGERDESK_BACKEND_URL); see docs/operations/backend-host.md.';
// The team lives in Firebase Auth's custom claims, which only the platform side may set.
const TEAM_NEEDS_HOST = 'The Team screen needs the backend host. Set backendUrl (or LEDGERDESK_BACKEND_URL); see docs/operations/backend-host.md.';

const codeFor = (status: number): ErrorCode =>
  status === 400
    ? 'VALIDATION'
    : status === 401
      ? 'UNAUTHENTICATED'
      : status === 403
        ? 'PERMISSION_DENIED'
        : status === 404
          ? 'NOT_FOUND'
          : status === 409
            ? 'CONFLICT'
            : // The Idempotency-Key was already used for a different request.
              status === 422
              ? 'CONFLICT'
              : 'UNAVAILABLE';

/** The server's own words when it gave any ({error} JSON or plain text), else the status; and its machine-readable `code`, if any. */
async function refusalOf(response: Response): Promise<{ reason: string; code: unknown }> {
  const body = await response.text().catch(() => '');
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown; code?: unknown };
    const said = parsed.error ?? parsed.message;
    if (typeof said === 'string' && said.trim()) return { reason: said.trim(), code: parsed.code };
  } catch {
    // Not JSON: the text itself is the message.
  }
  return { reason: body.trim().slice(0, 300) || `The backend host answered with status ${response.status}.`, code: undefined };
}

/**
 * The host's refusal as the app's error, told apart by the host's `code`: its step-up refusal (the
 * password typed too long ago for a deletion or a suspension) is the main process's own, so the
 * screen asks for the password and sends the request again; its refusal to delete a customer who
 * holds money keeps the host's words, which name the figures the screen shows.
 */
async function errorOf(response: Response): Promise<AppError> {
  const { reason, code } = await refusalOf(response);
  if (response.status === 401 && code === STEP_UP_REQUIRED) return new AppError('STEP_UP_REQUIRED', REAUTH_REQUIRED_MESSAGE);
  if (response.status === 409 && code === HOLDS_MONEY) return new AppError('HOLDS_MONEY', reason);
  // The caller's role may not make this call (src/shared/domain/roles.ts): the host's words name the role.
  if (response.status === 403 && code === 'FORBIDDEN') return new AppError('FORBIDDEN', reason);
  return new AppError(codeFor(response.status), reason);
}

/** The host could not be reached at all (no answer), as opposed to an answer refusing the request. */
class Unreachable extends AppError {
  constructor(baseUrl: string) {
    super('UNAVAILABLE', `The backend host at ${baseUrl} cannot be reached.`);
  }
}

/** Calls the platform's backend host with the administrator's Firebase ID token. */
export function backendClient(baseUrl: string | null, fetchImpl: typeof fetch = fetch): BackendHost {
  /**
   * operationId goes out as the Idempotency-Key: the host does the work at most once per key and
   * answers a repeat with the first answer, so a retry after a lost reply cannot delete or send twice.
   */
  const send = async (
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body: unknown,
    idToken: string,
    operationId?: string,
    noHost = NO_HOST
  ): Promise<unknown> => {
    if (!baseUrl) throw new AppError('UNAVAILABLE', noHost);
    let response: Response;
    try {
      response = await fetchImpl(new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`), {
        method,
        headers: {
          authorization: `Bearer ${idToken}`,
          ...(operationId === undefined ? {} : { 'idempotency-key': operationId }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' })
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS)
      });
    } catch {
      throw new Unreachable(baseUrl);
    }
    if (!response.ok) throw await errorOf(response);
    return response.json().catch(() => null);
  };
  const done = (sent: Promise<unknown>): Promise<void> => sent.then(() => undefined);
  const applying = (approvalRequestId: string | undefined) => (approvalRequestId ? { approvalRequestId } : {});
  const teamChange = async (path: string, body: unknown, idToken: string, operationId: string) =>
    teamChangeSchema.parse(await send('POST', path, body, idToken, operationId, TEAM_NEEDS_HOST));
  return {
    sendMail: (payload: MailPayload, idToken, operationId) => done(send('POST', 'send-mail', payload, idToken, operationId)),
    // A refusal while the customer holds money is HOLDS_MONEY, its message naming the figures
    // ("This customer still holds $1,234.50 and has 2 open deposits and 1 open withdrawal.").
    deleteUser: (id, idToken, operationId, { reason, force = false, approvalRequestId }) =>
      done(
        send(
          'DELETE',
          `api/deleteUser/${encodeURIComponent(id)}${force ? '?force=true' : ''}`,
          { reason, ...(approvalRequestId ? { approvalRequestId } : {}) } satisfies DeleteCustomerBody & { approvalRequestId?: string },
          idToken,
          operationId
        )
      ),
    suspendUser: (id, reason, idToken, operationId) =>
      done(send('POST', `api/suspendUser/${encodeURIComponent(id)}`, { reason } satisfies SuspensionBody, idToken, operationId)),
    unsuspendUser: (id, reason, idToken, operationId) =>
      done(send('POST', `api/unsuspendUser/${encodeURIComponent(id)}`, { reason } satisfies SuspensionBody, idToken, operationId)),
    listTeam: async (idToken) => teamListSchema.parse(await send('GET', 'api/team', undefined, idToken, undefined, TEAM_NEEDS_HOST)),
    // An approver applying a request names it (approvalRequestId): the host checks it and marks it applied.
    inviteMember: (invitation, idToken, operationId, approvalRequestId) =>
      teamChange('api/team/invite', { ...invitation, ...applying(approvalRequestId) }, idToken, operationId),
    setMemberRole: (uid, role, idToken, operationId, approvalRequestId) =>
      teamChange(`api/team/${encodeURIComponent(uid)}/role`, { role, ...applying(approvalRequestId) }, idToken, operationId),
    disableMember: (uid, idToken, operationId, approvalRequestId) =>
      teamChange(`api/team/${encodeURIComponent(uid)}/disable`, applying(approvalRequestId), idToken, operationId),
    async startReconciliation(idToken, operationId) {
      // No host, a host that cannot be reached, or one without the route (the original backend host):
      // the desktop runs the reconciliation itself, as it always did.
      if (!baseUrl) return null;
      try {
        const answer = (await send('POST', 'api/reconciliation/start', {}, idToken, operationId)) as { runId?: unknown } | null;
        if (typeof answer?.runId !== 'string') throw new AppError('UNAVAILABLE', 'The backend host started a run but did not say which.');
        return { runId: answer.runId };
      } catch (error) {
        if (error instanceof Unreachable || (error instanceof AppError && error.code === 'NOT_FOUND')) return null;
        throw error;
      }
    }
  };
}
