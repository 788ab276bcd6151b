// E-mails leave without a desktop: each new mailOutbox entry is delivered by its trigger, and a sweep
// every minute retries the entries whose back-off has passed (server/platform/mailDelivery.ts). Both
// do nothing while settings/ledgerdesk.mailDelivery says a desktop delivers.
import { getFirestore } from 'firebase-admin/firestore';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { createSmtpSender, type MailSender } from '../../server/mailer';
import { createFirestoreOperationStore } from '../../server/operations';
import type { PlatformMailDeps } from '../../server/platform/mailDelivery';
import { deliverNewMail, sweepMailOutbox } from '../../server/platform/mailDelivery';
import { platformApp } from './app';
import { MAIL_FROM, SMTP_URL } from './options';

let mailer: MailSender | null = null;

/** The instance's deliverer, made at its first event (the secret is readable only then). */
function mailDeps(): PlatformMailDeps {
  mailer ??= createSmtpSender(SMTP_URL.value(), MAIL_FROM.value());
  return { db: getFirestore(platformApp()), mailer, operations: createFirestoreOperationStore(platformApp()), log: (line) => console.log(line) };
}

// No platform retry: a failed send is recorded on the entry with its next attempt, which the sweep makes.
export const deliverMail = onDocumentCreated({ document: 'mailOutbox/{mailId}', secrets: [SMTP_URL], retry: false }, async (event) => {
  await deliverNewMail(mailDeps(), event.params.mailId);
});

export const sweepMailOutboxEveryMinute = onSchedule({ schedule: 'every 1 minutes', secrets: [SMTP_URL], timeZone: 'UTC' }, async () => {
  await sweepMailOutbox(mailDeps());
});
