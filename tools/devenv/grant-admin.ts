// npm run grant-admin -- someone@example.com [--revoke]
// Gives an account the custom claim admin: true, which is what both firestore.rules and the app's
// sign-in check recognise as the Ledgerdesk administrator. Runs with firebase-admin, so it needs a
// service account of the platform's project (GOOGLE_APPLICATION_CREDENTIALS), or the Auth emulator
// (FIREBASE_AUTH_EMULATOR_HOST, project from GCLOUD_PROJECT, default demo-ledgerdesk).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';

export class GrantAdminError extends Error {}

const codeOf = (err: unknown): string => (typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : '');

/** Sets (or with revoke, removes) the claim and answers what happened, in words. Other claims are kept. */
export async function grantAdmin(auth: Auth, email: string, options: { revoke?: boolean } = {}): Promise<string> {
  const user = await auth.getUserByEmail(email).catch((err: unknown) => {
    if (codeOf(err) === 'auth/user-not-found' || codeOf(err) === 'auth/invalid-email') {
      throw new GrantAdminError(
        `No account signs in with ${email} in this project. Create it first (Firebase console > Authentication > Add user), or check the address.`
      );
    }
    throw err;
  });
  const { admin: had, ...others } = user.customClaims ?? {};
  if (options.revoke) {
    if (had === undefined) return `${email} (${user.uid}) has no admin claim; nothing changed.`;
    await auth.setCustomUserClaims(user.uid, others);
    // The backend host refuses revoked tokens at once; Firestore honours the old token until it expires (1 hour at most).
    await auth.revokeRefreshTokens(user.uid);
    return `${email} (${user.uid}) is no longer the Ledgerdesk administrator; its sessions were revoked.`;
  }
  if (had === true) return `${email} (${user.uid}) already has the admin claim; nothing changed.`;
  await auth.setCustomUserClaims(user.uid, { ...others, admin: true });
  return `${email} (${user.uid}) now has the admin claim. Sign in to Ledgerdesk again with it: a session opened before now does not carry the claim.`;
}

const keyFileProject = (): string | undefined => {
  const file = process.env.GOOGLE_APPLICATION_CREDENTIALS;
  if (!file) return undefined;
  try {
    const id: unknown = JSON.parse(readFileSync(file, 'utf8')).project_id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    throw new GrantAdminError(`GOOGLE_APPLICATION_CREDENTIALS names ${file}, which is not a readable service account key (JSON).`);
  }
};

async function main(args: string[]): Promise<void> {
  const revoke = args.includes('--revoke');
  const emails = args.filter((a) => a !== '--revoke');
  if (emails.length !== 1 || !emails[0]?.includes('@')) {
    throw new GrantAdminError('Usage: npm run grant-admin -- <e-mail> [--revoke]');
  }
  const email = emails[0].trim().toLowerCase();
  const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  // Offline, firebase-admin would otherwise wait for a cloud metadata server that is not there.
  if (emulator) process.env.METADATA_SERVER_DETECTION ??= 'none';
  const projectId = process.env.GOOGLE_CLOUD_PROJECT || process.env.GCLOUD_PROJECT || keyFileProject() || (emulator ? 'demo-ledgerdesk' : undefined);
  if (!projectId) {
    throw new GrantAdminError(
      "Which project? Set GOOGLE_APPLICATION_CREDENTIALS to a service account key of the platform's project (Firebase console > Project settings > Service accounts), or GOOGLE_CLOUD_PROJECT, or FIREBASE_AUTH_EMULATOR_HOST for the emulators."
    );
  }
  // Said first, so nobody changes the wrong project's administrator without noticing.
  console.log(`Project ${projectId}${emulator ? ` (Auth emulator at ${emulator})` : ''}.`);
  const app = initializeApp({ projectId }, `grant-admin-${process.pid}`);
  try {
    console.log(await grantAdmin(getAuth(app), email, { revoke }));
  } finally {
    await deleteApp(app);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === __filename) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
