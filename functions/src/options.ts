// What a platform sets when it deploys Ledgerdesk's functions (docs/operations/functions.md):
// parameters are asked for by `firebase deploy` and kept in functions/.env.<project>; the SMTP URL
// is a secret in Secret Manager, never a parameter.
import { setGlobalOptions } from 'firebase-functions/v2';
import { defineInt, defineSecret, defineString } from 'firebase-functions/params';
import { DEFAULT_MAIL_FROM } from '../../server/mailer';

const DEFAULT_REGION = 'us-central1';

/** Where the functions run: the region of the platform's Firestore database, so triggers stay in it. */
export const REGION = defineString('LEDGERDESK_REGION', {
  default: DEFAULT_REGION,
  description: "The region of the platform's Firestore database (e.g. europe-west1)."
});

/** The mail server every e-mail leaves through, e.g. smtps://user:password@smtp.example.com. */
export const SMTP_URL = defineSecret('SMTP_URL');

export const MAIL_FROM = defineString('LEDGERDESK_MAIL_FROM', { default: DEFAULT_MAIL_FROM, description: 'The address e-mails are sent from.' });

/** Narrows the backend host to this one account, which still needs the admin claim; empty: every account with the claim. */
export const ADMIN_UID = defineString('LEDGERDESK_ADMIN_UID', {
  default: '',
  description: 'Optional: the only uid the backend host serves. That account still needs the admin: true claim; empty serves every account with it.'
});

export const RETAIN_YEARS = defineInt('LEDGERDESK_RETAIN_YEARS', { default: 5, description: 'Years a deleted customer is kept on record.' });

setGlobalOptions({ region: REGION, memory: '256MiB', maxInstances: 10 });

/** The region at run time (the platform sets the parameter's value; a test that does not gets the default). */
export const regionNow = (): string => REGION.value() || DEFAULT_REGION;
