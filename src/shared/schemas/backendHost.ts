import { z } from 'zod';

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
  textToSend: z.string(typed('text')).optional()
});

export type MailPayload = z.output<typeof sendMailBodySchema>;
