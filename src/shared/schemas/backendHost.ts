import { z } from 'zod';
import { reasonProblem } from '../domain/suspension';

/**
 * What Ledgerdesk sends the backend host, declared once: the app's client sends these shapes and the
 * host checks each request body against the same schema, however it runs (docs/operations/backend-host.md).
 */

const typed = (what: string) => ({ error: (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : `must be ${what}`) });
const text = (max: number, maxText: string) =>
  z
    .string(typed('text'))
    .min(1, { error: 'must not be empty' })
    .max(max, { error: `must be at most ${maxText} characters` });

/** POST /send-mail: one e-mail to one customer, from the platform's company name. */
export const sendMailBodySchema = z.object({
  email: z.email(typed('a valid e-mail address')),
  subject: text(300, '300'),
  CompanyName: text(200, '200'),
  htmlToSend: text(1_000_000, '1,000,000'),
  /** The plain-text part; the host derives one from the HTML when absent. */
  textToSend: z.string(typed('text')).optional(),
  /**
   * The mailOutbox entry this send delivers (the outbox dispatcher's sends): a role that may not
   * write e-mail (a viewer) may still deliver what is already queued, checked against the entry.
   */
  outboxId: text(1500, '1,500').optional()
});

export type MailPayload = z.output<typeof sendMailBodySchema>;

/** A body whose one field is the administrator's reason, checked by `problemOf` once trimmed; its message as the refusal. */
const reasonBody = (problemOf: (reason: string) => string | null, missing: string) =>
  z.object({
    reason: z
      .string({ error: missing })
      .superRefine((reason, context) => {
        const problem = problemOf(reason);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      })
      .transform((reason) => reason.trim())
  });

/** A deletion's reason: 5 to 500 characters once trimmed (the screen asks for it; the archive keeps it). */
const DELETION_REASON = 'Say why the customer is deleted: a reason of 5 to 500 characters, sent as {"reason": "..."}.';
const deletionReasonProblem = (reason: string): string | null => {
  if (reason.trim().length < 5) return DELETION_REASON;
  return reason.trim().length > 500 ? 'Keep the reason to 500 characters.' : null;
};

/** The `code` of the host's 409 refusing to delete a customer who still holds money or has open requests; the app answers it as HOLDS_MONEY. */
export const HOLDS_MONEY = 'HOLDS_MONEY';

/** DELETE /api/deleteUser/{id} (`?force=true` to delete a customer who still holds money). */
export const deleteCustomerBodySchema = reasonBody(deletionReasonProblem, DELETION_REASON);

/** POST /api/suspendUser/{id} and /api/unsuspendUser/{id}. */
export const suspensionBodySchema = reasonBody((reason) => reasonProblem(reason, 'a reason'), 'Send {"reason": "..."}: a suspension needs a reason.');

export type DeleteCustomerBody = z.input<typeof deleteCustomerBodySchema>;
export type SuspensionBody = z.input<typeof suspensionBodySchema>;

/** The first reason a body is refused, as the host answers it (400 {error}). */
export const firstProblem = (error: z.ZodError): string => error.issues[0]?.message ?? 'The request body is not what this route takes.';
