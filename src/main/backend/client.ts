import { AppError, type ErrorCode } from '../../shared/result';
import type { BackendHost, MailPayload } from '../app/ports/backendHost';

const TIMEOUT_MS = 20_000;

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

/** The server's own words when it gave any ({error} JSON or plain text), else the status. */
async function reasonOf(response: Response): Promise<string> {
  const body = await response.text().catch(() => '');
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown };
    const said = parsed.error ?? parsed.message;
    if (typeof said === 'string' && said.trim()) return said.trim();
  } catch {
    // Not JSON: the text itself is the message.
  }
  return body.trim().slice(0, 300) || `The backend host answered with status ${response.status}.`;
}

/** Calls the platform's backend host with the administrator's Firebase ID token. */
export function backendClient(baseUrl: string | null, fetchImpl: typeof fetch = fetch): BackendHost {
  /**
   * operationId goes out as the Idempotency-Key: the host does the work at most once per key and
   * answers a repeat with the first answer, so a retry after a lost reply cannot delete or send twice.
   */
  const send = async (method: 'POST' | 'DELETE', path: string, body: unknown, idToken: string, operationId?: string): Promise<void> => {
    if (!baseUrl) {
      throw new AppError('UNAVAILABLE', 'No backend host is configured. Set backendUrl (or LEDGERDESK_BACKEND_URL); see README "E-mail and the backend host".');
    }
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
      throw new AppError('UNAVAILABLE', `The backend host at ${baseUrl} cannot be reached.`);
    }
    if (!response.ok) throw new AppError(codeFor(response.status), await reasonOf(response));
  };
  return {
    sendMail: (payload: MailPayload, idToken, operationId) => send('POST', 'send-mail', payload, idToken, operationId),
    // A refusal while the customer holds money is a CONFLICT whose message names the figures
    // ("This customer still holds $1,234.50 and has 2 open deposits and 1 open withdrawal.").
    deleteUser: (id, idToken, operationId, { reason, force = false }) =>
      send('DELETE', `api/deleteUser/${encodeURIComponent(id)}${force ? '?force=true' : ''}`, { reason }, idToken, operationId),
    suspendUser: (id, reason, idToken, operationId) => send('POST', `api/suspendUser/${encodeURIComponent(id)}`, { reason }, idToken, operationId),
    unsuspendUser: (id, reason, idToken, operationId) => send('POST', `api/unsuspendUser/${encodeURIComponent(id)}`, { reason }, idToken, operationId)
  };
}
