// The demo's records signing key and its first digests (docs/operations/records.md), so the Evidence
// screen has signed days to check right after `npm start`. DEMO ONLY: the key below is public, in
// this repository; anyone can sign with it. A platform makes its own with `npm run records-key -- generate`.
import type { Firestore } from 'firebase-admin/firestore';
import { adminDigestStore, recordsDigest } from '../../server/platform/recordsDigest';
import { readSigningKey } from '../../server/platform/recordsSigning';
import { PLATFORM_SETTINGS_PATH } from '../../src/shared/domain/settingsPath';

/** The demo's Ed25519 seed (hex). Never a platform's: it is published here. */
export const DEMO_RECORDS_SIGNING_KEY = '4c65646765726465736b2064656d6f207265636f726473206b6579202d2d2031';

/** Its public key, as the demo publishes it in settings. */
export const DEMO_RECORDS_PUBLIC_KEY = readSigningKey(DEMO_RECORDS_SIGNING_KEY).publicKey;

const DAY_MS = 86_400_000;

/**
 * Publishes the demo key and signs the digests of the two days before the anchor's (the demo's zone),
 * over the heads the seed just wrote; a day already signed is left as it is. Answers the days written.
 */
export async function seedDemoDigests(db: Firestore, anchorMs: number): Promise<string[]> {
  await db.doc(PLATFORM_SETTINGS_PATH).set({ records: { publicKey: DEMO_RECORDS_PUBLIC_KEY } }, { merge: true });
  const written: string[] = [];
  // Oldest first, so the second links to the first. Both commit to the heads as seeded.
  for (const nowMs of [anchorMs - DAY_MS, anchorMs]) {
    const result = await recordsDigest({ store: adminDigestStore(db), signingKey: DEMO_RECORDS_SIGNING_KEY, log: () => undefined, now: () => new Date(nowMs) });
    if (result.outcome === 'written') written.push(result.day);
  }
  return written;
}
