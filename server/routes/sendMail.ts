// POST /send-mail: the desktop app's outbox dispatcher hands one e-mail to the host, and so does webmail.
import type { Firestore } from 'firebase-admin/firestore';
import type { FastifyInstance } from 'fastify';
import { deliveryKey } from '../../src/core/mailDelivery';
import { claimedMailOf, recipientProblem, roundOf } from '../../src/shared/domain/mailOutbox';
import { may } from '../../src/shared/domain/roles';
import { sendMailBodySchema, type MailPayload } from '../../src/shared/schemas/backendHost';
import type { BackendHostDeps, QueuedMail } from '../deps';
import { forbiddenBody, requireAdministrator, roleOfCaller } from '../auth';
import { reasonOf } from '../errors';
import { htmlToText, mayHaveGoneOut } from '../mailer';
import { fingerprintOf, idempotencyKeyOf, runOnce, sendAnswer, type Answer } from '../operations';

// 1,000,000 characters of HTML can take up to 4 bytes each in UTF-8; Fastify's default limit is 1 MiB.
const BODY_LIMIT = 5 * 1024 * 1024;

/** Why a send whose answer was lost is not made again under its key. */
export const SEND_UNKNOWN =
  'The connection to the mail server was lost while the message was handed over, so whether it went out is unknown; it is not sent again under this key. Retry it if the customer must get it (they may receive it twice)';

export function sendMailRoute(app: FastifyInstance, deps: BackendHostDeps): void {
  app.post('/send-mail', { bodyLimit: BODY_LIMIT, onRequest: requireAdministrator(deps.verifier, deps.adminUid, deps.log) }, async (request, reply) => {
    if (typeof request.body !== 'object' || request.body === null || Array.isArray(request.body)) {
      return reply.code(400).send({ error: 'The request body must be a JSON object.' });
    }
    const parsed = sendMailBodySchema.safeParse(request.body);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'} ${issue.message}`);
      const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.')))];
      return reply.code(400).send({ error: `Check the request: ${problems.join('; ')}.`, fields });
    }
    const keyed = idempotencyKeyOf(request);
    if ('error' in keyed) return reply.code(400).send(keyed);
    const caller = request.administrator;
    const role = roleOfCaller(request);
    if (!caller || role === null) throw new Error('requireAdministrator did not run before POST /send-mail.');
    // Writing an e-mail needs mail (care); delivering one already queued does not, since every
    // signed-in role's desktop runs the outbox dispatcher.
    if (!may(role, 'care') && !(await isQueuedDelivery(deps, parsed.data, keyed.key))) return reply.code(403).send(forbiddenBody(role, 'care'));
    return sendAnswer(reply, await sendMailOnce(deps, caller.uid, parsed.data, keyed.key));
  });
}

/**
 * Whether the send delivers a mailOutbox entry as its deliverer claimed it: the entry is being sent,
 * says the same recipient, subject, sender name and body, and the key is its round's
 * (src/core/mailDelivery.ts). Anything else is an e-mail of the caller's own.
 */
async function isQueuedDelivery({ queuedMail, log }: Pick<BackendHostDeps, 'queuedMail' | 'log'>, mail: MailPayload, key: string | null): Promise<boolean> {
  const id = mail.outboxId;
  if (!queuedMail || id === undefined || id.includes('/') || key === null) return false;
  let entry: Record<string, unknown> | null;
  try {
    entry = await queuedMail.find(id);
  } catch (err) {
    log(`send-mail could not read the queued e-mail: ${reasonOf(err)}`);
    return false;
  }
  if (entry === null || entry.state !== 'sending' || typeof entry.attempts !== 'number') return false;
  // Read as the deliverer read it when it claimed the entry.
  const queued = claimedMailOf(id, entry, entry.attempts);
  const same =
    queued.to === mail.email &&
    queued.subject === mail.subject &&
    queued.companyName === mail.CompanyName &&
    queued.html === mail.htmlToSend &&
    (mail.textToSend === undefined || queued.text === mail.textToSend);
  return same && key === deliveryKey(id, roundOf(entry.attempts));
}

/** The mailOutbox through firebase-admin, for isQueuedDelivery. */
export const firestoreQueuedMail = (db: Firestore): QueuedMail => ({
  async find(outboxId) {
    const snapshot = await db.collection('mailOutbox').doc(outboxId).get();
    return snapshot.exists ? (snapshot.data() ?? {}) : null;
  }
});

/**
 * One e-mail through SMTP, at most once per Idempotency-Key: what POST /send-mail does, and what the
 * platform's delivery of a queued e-mail does without HTTP (server/platform/mailDelivery.ts).
 */
export async function sendMailOnce(
  deps: Pick<BackendHostDeps, 'mailer' | 'operations' | 'log' | 'now'>,
  adminUid: string,
  mail: MailPayload,
  key: string | null
): Promise<Answer> {
  const { email, subject, CompanyName, htmlToSend, textToSend } = mail;
  // The body's schema checked it for a request; the platform's own delivery has no request.
  const refused = recipientProblem(email);
  if (refused) return { status: 400, body: { error: refused }, replayed: false };
  return runOnce(
    deps,
    {
      key,
      route: 'POST /send-mail',
      fingerprint: fingerprintOf(['POST /send-mail', email, subject, CompanyName, htmlToSend, textToSend ?? null]),
      adminUid,
      // A send cut off mid-way may have gone out: never send it again under the same key.
      whenStale: 'refuse'
    },
    async () => {
      try {
        const { messageId } = await deps.mailer.send({
          to: email,
          subject,
          fromName: CompanyName,
          html: htmlToSend,
          text: textToSend ?? htmlToText(htmlToSend),
          ...(key ? { key } : {})
        });
        return { status: 200, body: { ok: true, messageId }, done: true };
      } catch (err) {
        const reason = reasonOf(err);
        deps.log(`send-mail failed: ${reason}`);
        // The message may have reached the server before its answer was lost: this key never sends it again.
        if (mayHaveGoneOut(err)) return { status: 502, body: { error: `${SEND_UNKNOWN} (${reason})` }, done: true };
        // Refused by the SMTP server, or nothing handed over: nothing went out, so the same key may try again.
        return { status: 502, body: { error: `The mail server did not accept the message: ${reason}` }, done: false };
      }
    }
  );
}
