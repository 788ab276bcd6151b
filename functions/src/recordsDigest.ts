// The signed daily digest (server/platform/recordsDigest.ts): every hour, the platform's last finished
// day gets its digest if it has none, so it is signed within the hour after the platform's midnight.
// The signing key is a secret only this function reads; the bucket is optional (docs/operations/records.md).
import { getFirestore } from 'firebase-admin/firestore';
import { defineSecret, defineString } from 'firebase-functions/params';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { adminDigestStore, bucketKeeper, recordsDigest } from '../../server/platform/recordsDigest';
import { platformApp } from './app';

/** The Ed25519 private key the digests are signed with (PKCS8 PEM or 64-digit hex seed). */
export const RECORDS_SIGNING_KEY = defineSecret('RECORDS_SIGNING_KEY');

export const RECORDS_DIGEST_BUCKET = defineString('RECORDS_DIGEST_BUCKET', {
  default: '',
  description: 'Optional: the Cloud Storage bucket each day’s digest file is kept in (digests/{day}.json); empty keeps them in Firestore only.'
});

export const recordsDigestHourly = onSchedule(
  // After the daily snapshot's minute; every customer's head is read once a day, so the run may take minutes.
  { schedule: '10 * * * *', timeZone: 'UTC', secrets: [RECORDS_SIGNING_KEY], memory: '512MiB', timeoutSeconds: 540 },
  async () => {
    const bucket = RECORDS_DIGEST_BUCKET.value().trim();
    await recordsDigest({
      store: adminDigestStore(getFirestore(platformApp())),
      signingKey: RECORDS_SIGNING_KEY.value(),
      keep: bucket ? bucketKeeper(platformApp(), bucket) : null,
      log: (line) => console.log(line)
    });
  }
);
