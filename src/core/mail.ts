import type { Input, Administrator } from '../shared/contract';
import { userName } from '../shared/domain/changeset';
import { FILL_IN_ALL_FIELDS } from '../shared/domain/emails';
import { isOneAddress } from '../shared/domain/mailOutbox';
import { AppError, ok } from '../shared/result';
import { requireIdToken } from './actor';
import { operationOf } from './operations';
import type { BackendHost } from './ports/backendHost';
import type { LedgerStore } from './ports/ledgerStore';
import type { MailOutbox } from './ports/mailOutbox';
import type { MailDispatcher } from './mailDispatcher';
import { outcomeOf } from './reads';

const SENT = 'Email sent successfully!';

interface MailServices {
  store: LedgerStore;
  backend: BackendHost;
  idToken: () => Promise<string | null>;
}

/** A failed e-mail goes back in the queue (audited), and the dispatcher looks at the queue now. */
export async function retryMail(
  { outbox, mail }: { outbox: MailOutbox; mail: Pick<MailDispatcher, 'kick'> },
  admin: Administrator,
  input: Input<'mail.retry'>
): Promise<void> {
  await outbox.retry(input.id, admin, operationOf('mail.retry', input));
  mail.kick();
}

/**
 * Webmail: the backend host sends, then the audit entry is written under the operation. A retry
 * of the same operation finds that entry and sends nothing; a retry whose first reply was lost
 * before the entry was written reaches the host with the same Idempotency-Key, and the host does
 * not send twice either.
 */
export async function sendCustomMail({ store, backend, idToken }: MailServices, admin: Administrator, input: Input<'mail.send'>): Promise<{ message: string }> {
  const { to, toName, subject, companyName, html } = input;
  const [email, title, company] = [to.trim(), subject.trim(), companyName.trim()];
  if (!email || !title || !company || !html.trim()) throw new AppError('VALIDATION', FILL_IN_ALL_FIELDS);
  // The one rule every path that sends holds to: one address, never a list ("a@y.test,b" reaches two).
  if (!isOneAddress(email)) throw new AppError('VALIDATION', `"${to}" is not an e-mail address.`);
  const operation = operationOf('mail.send', input);
  if (await store.previousAnswer(operation)) return { message: SENT };

  const token = await requireIdToken(idToken);
  await backend.sendMail({ email, subject: title, CompanyName: company, htmlToSend: html }, token, operation.id);
  // Audited after it went out: the recipient and subject, never the body.
  const recipient = toName ? userName({ id: '', data: { fullname: toName, email: to } }) : email;
  await store.transact({
    operation,
    actor: admin,
    decide: async () =>
      ok({
        changes: [],
        audit: {
          kind: 'mail',
          action: 'mail.send',
          entityPath: 'mail',
          summary: `E-mail "${title}" sent to ${recipient}`,
          before: {},
          after: { to: email, subject: title },
          notes: [],
          reason: null
        },
        emails: [],
        effects: [],
        message: SENT
      }),
    answer: outcomeOf
  });
  return { message: SENT };
}
