// DELETE /api/deleteUser/:id: the administrator deletes a customer's sign-in account and `users/{id}` document.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BackendHostDeps } from '../app';
import { requireAdministrator, type VerifiedToken } from '../auth';
import type { AuditEntry } from '../customers';
import { reasonOf } from '../errors';
import { id as documentId, idProblem } from '../../src/shared/schemas/common';

/** Firebase Auth uids are 1..128 characters; beyond that the id must pass the app's shared document id schema. */
export function customerIdProblem(id: string): string | null {
  if (id.length < 1 || id.length > 128) return 'The customer id must be 1 to 128 characters long.';
  const parsed = documentId.safeParse(id);
  return parsed.success ? null : `"${id}" is not a valid customer id: it ${idProblem(id) ?? 'is refused'}.`;
}

const ADMIN_REFUSED = "The administrator's account cannot be deleted.";
export const NO_SIGN_IN_ACCOUNT = 'The customer had no sign-in account.';
export const NO_USERS_DOCUMENT = 'The customer had no users document; only the sign-in account was deleted.';

const nonEmpty = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** The audit entry, shaped like the desktop app's: 'users/<id>.field' keys, never the password. */
export function deletionAudit(
  id: string,
  data: Record<string, unknown> | null,
  accountEmail: string | null,
  authAccountDeleted: boolean,
  caller: VerifiedToken
): AuditEntry {
  const path = `users/${id}`;
  const field = (name: string): unknown => (data && data[name] !== undefined ? data[name] : null);
  const who = nonEmpty(data?.fullname) ?? nonEmpty(data?.email) ?? nonEmpty(accountEmail) ?? id;
  const notes: string[] = [];
  if (!authAccountDeleted) notes.push(NO_SIGN_IN_ACCOUNT);
  if (data === null) notes.push(NO_USERS_DOCUMENT);
  return {
    kind: 'user',
    action: 'user.delete',
    entityPath: path,
    summary: `Customer ${who} deleted`,
    before: {
      [`${path}.email`]: field('email'),
      [`${path}.fullname`]: field('fullname'),
      [`${path}.balance`]: field('balance')
    },
    after: { [path]: null },
    notes,
    reason: null,
    adminUid: caller.uid,
    adminEmail: typeof caller.claims.email === 'string' ? caller.claims.email : null
  };
}


// A DELETE has no body; a client that still sends `Content-Type: application/json` with nothing after it is not refused for it.
async function ignoreEmptyBody(request: FastifyRequest): Promise<void> {
  const headers = request.raw.headers;
  if (headers['transfer-encoding'] === undefined && (headers['content-length'] === undefined || headers['content-length'] === '0')) {
    delete headers['content-type'];
  }
}

export function deleteUserRoute(app: FastifyInstance, deps: BackendHostDeps): void {
  app.delete<{ Params: { id: string } }>(
    '/api/deleteUser/:id',
    { bodyLimit: 16 * 1024, onRequest: [requireAdministrator(deps.verifier, deps.adminUid, deps.log), ignoreEmptyBody] },
    async (request, reply) => {
      const { id } = request.params;
      const caller = request.administrator;
      if (!caller) throw new Error('requireAdministrator did not run before DELETE /api/deleteUser/:id.');
      const problem = customerIdProblem(id);
      if (problem) return reply.code(400).send({ error: problem });
      if (id === caller.uid || (!!deps.adminUid && id === deps.adminUid)) return reply.code(409).send({ error: ADMIN_REFUSED });

      const { customers, log } = deps;
      let account: Awaited<ReturnType<typeof customers.findAccount>>;
      let document: Awaited<ReturnType<typeof customers.findDocument>>;
      try {
        [account, document] = await Promise.all([customers.findAccount(id), customers.findDocument(id)]);
      } catch (err) {
        log(`delete-user lookup failed: ${reasonOf(err)}`);
        return reply.code(502).send({ error: `The customer could not be looked up, so nothing was deleted: ${reasonOf(err)}` });
      }
      if (account?.admin) return reply.code(409).send({ error: ADMIN_REFUSED });
      if (account === null && document === null) return reply.code(404).send({ error: `No customer with id ${id}.` });

      // The sign-in account goes first: if Firebase Auth refuses, the customer keeps both and can be retried.
      let authAccountDeleted = false;
      if (account !== null) {
        try {
          authAccountDeleted = await customers.deleteAccount(id);
        } catch (err) {
          log(`delete-user auth deletion failed: ${reasonOf(err)}`);
          return reply.code(502).send({ error: `The sign-in account could not be deleted, so nothing was deleted: ${reasonOf(err)}` });
        }
      }

      let written: AuditEntry | null;
      try {
        written = await customers.deleteDocument(id, (data) =>
          // Both already gone (someone else deleted this customer meanwhile): nothing to delete or audit.
          data === null && !authAccountDeleted ? null : deletionAudit(id, data, account?.email ?? null, authAccountDeleted, caller)
        );
      } catch (err) {
        log(`delete-user document deletion failed: ${reasonOf(err)}`);
        const done = authAccountDeleted ? 'The sign-in account was deleted, but the customer document was not' : 'Nothing was deleted';
        return reply.code(502).send({ error: `${done}: ${reasonOf(err)}. Try again.` });
      }
      if (written === null) return reply.code(404).send({ error: `No customer with id ${id}.` });
      return reply.code(200).send({ ok: true, id, authAccountDeleted });
    }
  );
}
