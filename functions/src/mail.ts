// E-mails leave without a desktop: each new mailOutbox entry is delivered by its trigger, and a sweep
// every minute retries the entries whose back-off has passed (server/platform/mailDelivery.ts). Both
// do nothing while settings/ledgerdesk.mailDelivery says a desktop delivers.
import { getFirestore } from 'firebase-admin/firestore';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { createSmtpSender, type MailSender } from '../../server/mailer';
import { createFirestoreOperationStore } from '../../server/operations';
import type { PlatformMailDeps } from '../../server/platform/mailDelivery';
import { deliverNewMail, sweepMailOutbox, SWEEP_TIMEOUT_SECONDS, TRIGGER_TIMEOUT_SECONDS } from '../../server/platform/mailDelivery';
import { platformApp } from './app';
import { MAIL_FROM, SMTP_URL } from './options';

/** The handlers' dependencies, sending through `mailer`. */
const mailDeps = (mailer: MailSender): PlatformMailDeps => ({
  db: getFirestore(platformApp()),
  mailer,
  operations: createFirestoreOperationStore(platformApp()),
  log: (line) => console.log(line)
});

/** The trigger's sender, made at the instance's first event (the secret is readable only then): one e-mail, one connection. */
let triggerMailer: MailSender | null = null;

// No platform retry: a failed send is recorded on the entry with its next attempt, which the sweep makes.
// Its timeout outlasts one slow send (server/platform/mailDelivery.ts).
export const deliverMail = onDocumentCreated(
  { document: 'mailOutbox/{mailId}', secrets: [SMTP_URL], retry: false, timeoutSeconds: TRIGGER_TIMEOUT_SECONDS },
  async (event) => {
    triggerMailer ??= createSmtpSender(SMTP_URL.value(), MAIL_FROM.value());
    await deliverNewMail(mailDeps(triggerMailer), event.params.mailId);
  }
);

// The timeout is the one the sweep's deadline is measured against (server/platform/mailDelivery.ts).
export const sweepMailOutboxEveryMinute = onSchedule(
  { schedule: 'every 1 minutes', secrets: [SMTP_URL], timeZone: 'UTC', timeoutSeconds: SWEEP_TIMEOUT_SECONDS },
  async () => {
    // One connection for the whole batch, closed when the sweep ends rather than left open on an idle instance.
    const mailer = createSmtpSender(SMTP_URL.value(), MAIL_FROM.value(), { pool: true });
    try {
      await sweepMailOutbox(mailDeps(mailer));
    } finally {
      mailer.close();
    }
  }
);
