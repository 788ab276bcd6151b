import { useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { useFormDraft, type DraftedForm } from '../../lib/drafts';

const recipientSchema = z.object({ id: z.string(), fullname: z.string().nullable(), email: z.string() });
const mailDraftSchema = z.object({ recipient: recipientSchema.nullable(), subject: z.string(), companyName: z.string(), html: z.string() });

/** The form's fields, as typed. */
export type Draft = z.output<typeof mailDraftSchema>;

export const emptyDraft: Draft = { recipient: null, subject: '', companyName: '', html: '' };

export const MAIL_DRAFT_KEY = 'sendMail';

/**
 * Nothing the administrator typed: the company name as prefilled, and at most the customer the
 * link chose (/sendmail?to=<id>), which they did not pick themselves.
 */
const isBlank = (mail: Draft, platformName: string, to: string | null) =>
  !mail.subject.trim() &&
  !mail.html.trim() &&
  (mail.companyName.trim() === '' || mail.companyName === platformName) &&
  (mail.recipient === null || mail.recipient.id === to);

/**
 * The e-mail being written is kept while typed and comes back when the page opens again (after an
 * idle sign-out, or after leaving the page), unless the administrator has already started another
 * one or the link names another user. `forget` after sending or discarding.
 */
export function useMailDraft(form: DraftedForm<Draft>, platformName: string) {
  const to = useSearchParams()[0].get('to');
  return useFormDraft(MAIL_DRAFT_KEY, mailDraftSchema, form, {
    blank: (mail) => isBlank(mail, platformName, to),
    restorable: (kept, now) => !(to !== null && kept.recipient !== null && kept.recipient.id !== to) && isBlank(now, platformName, to)
  });
}
