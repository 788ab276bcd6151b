// npm run records-key -- generate
// npm run records-key -- publish PUBLICHEX
// The platform's records signing key (docs/operations/records.md). `generate` prints a new Ed25519 key
// pair: the private key as PEM, for the secret RECORDS_SIGNING_KEY, and the public key as hex.
// `publish` writes the public key to settings (settings/ledgerdesk.records.publicKey), where the
// Evidence screen reads the key it trusts; it runs with firebase-admin, on the platform's project
// (a service account key) or the emulators (FIRESTORE_EMULATOR_HOST).
import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { generateSigningKey } from '../../server/platform/recordsSigning';
import { PLATFORM_SETTINGS_PATH } from '../../src/shared/domain/settingsPath';
import { platformProject } from '../devenv/platformProject';

export class RecordsKeyError extends Error {}

const USAGE = 'Usage: npm run records-key -- generate | npm run records-key -- publish PUBLICHEX';

/** What `generate` prints: the key pair and what to do with each half. The private key is printed once and stored nowhere. */
export function generateText(): string {
  const { privatePem, publicKey } = generateSigningKey();
  return [
    'A new records signing key (Ed25519). The private key is shown once and kept nowhere: store it now as the secret, e.g.',
    '  firebase functions:secrets:set RECORDS_SIGNING_KEY   (paste the PEM below)',
    '',
    privatePem.trim(),
    '',
    `Public key: ${publicKey}`,
    `Publish it after the secret is set: npm run records-key -- publish ${publicKey}`
  ].join('\n');
}

/** Writes the public key to settings and answers what changed, in words. Other settings are kept. */
export async function publishKey(db: Firestore, publicKey: string): Promise<string> {
  const key = publicKey.trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(key))
    throw new RecordsKeyError(`${publicKey} is not a public key: it is 64 hex digits (the raw 32 bytes), as generate prints it.`);
  const ref = db.doc(PLATFORM_SETTINGS_PATH);
  const before = ((await ref.get()).data()?.records as Record<string, unknown> | undefined)?.publicKey;
  if (before === key) return `The public key ${key} is already the published one; nothing changed.`;
  await ref.set({ records: { publicKey: key } }, { merge: true });
  return typeof before === 'string'
    ? `Published ${key} in place of ${before}. Digests signed before keep verifying with the old key: auditors keep it among their trusted keys and add the new one.`
    : `Published ${key}: the Evidence screen trusts digests signed with it.`;
}

async function main(args: string[]): Promise<void> {
  if (args[0] === 'generate' && args.length === 1) {
    console.log(generateText());
    return;
  }
  if (args[0] !== 'publish' || args.length !== 2) throw new RecordsKeyError(USAGE);
  const emulator = process.env.FIRESTORE_EMULATOR_HOST;
  const { projectId, said } = platformProject(emulator);
  console.log(said);
  const app = initializeApp({ projectId }, `records-key-${process.pid}`);
  try {
    console.log(await publishKey(getFirestore(app), args[1]!));
  } finally {
    await deleteApp(app);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  });
}
