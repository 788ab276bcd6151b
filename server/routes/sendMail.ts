// POST /send-mail: the desktop app's outbox dispatcher hands one e-mail to the host.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { BackendHostDeps } from '../app';
import { requireAdministrator } from '../auth';
import { reasonOf } from '../errors';
import { htmlToText } from '../mailer';
import { fingerprintOf, idempotencyKeyOf, idempotent } from '../operations';

const typed = (what: string) => ({ error: (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : `must be ${what}`) });
const text = (max: number, maxText: string) =>
  z
    .string(typed('text'))
    .min(1, { error: 'must not be empty' })
    .max(max, { error: `must be at most ${maxText} characters` });

const body = z.object({
  email: z.email(typed('a valid e-mail address')),
  subject: text(300, '300'),
  CompanyName: text(200, '200'),
  htmlToSend: text(1_000_000, '1,000,000'),
  textToSend: z.string(typed('text')).optional()
});

export type SendMailBody = z.infer<typeof body>;

// 1,000,000 characters of HTML can take up to 4 bytes each in UTF-8; Fastify's default limit is 1 MiB.
const BODY_LIMIT = 5 * 1024 * 1024;

export function sendMailRoute(app: FastifyInstance, deps: BackendHostDeps): void {
  app.post('/send-mail', { bodyLimit: BODY_LIMIT, onRequest: requireAdministrator(deps.verifier, deps.adminUid, deps.log) }, async (request, reply) => {
    if (typeof request.body !== 'object' || request.body === null || Array.isArray(request.body)) {
      return reply.code(400).send({ error: 'The request body must be a JSON object.' });
    }
    const parsed = body.safeParse(request.body);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'} ${issue.message}`);
      const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.')))];
      return reply.code(400).send({ error: `Check the request: ${problems.join('; ')}.`, fields });
    }
    const keyed = idempotencyKeyOf(request);
    if ('error' in keyed) return reply.code(400).send(keyed);
    const { email, subject, CompanyName, htmlToSend, textToSend } = parsed.data;
    const caller = request.administrator;
    if (!caller) throw new Error('requireAdministrator did not run before POST /send-mail.');
    return idempotent(
      deps,
      reply,
      {
        key: keyed.key,
        route: 'POST /send-mail',
        fingerprint: fingerprintOf(['POST /send-mail', email, subject, CompanyName, htmlToSend, textToSend ?? null]),
        adminUid: caller.uid,
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
            text: textToSend ?? htmlToText(htmlToSend)
          });
          return { status: 200, body: { ok: true, messageId }, done: true };
        } catch (err) {
          const reason = reasonOf(err);
          deps.log(`send-mail failed: ${reason}`);
          // Refused by the SMTP server: nothing went out, so the same key may try again.
          return { status: 502, body: { error: `The mail server did not accept the message: ${reason}` }, done: false };
        }
      }
    );
  });
}
