// npm run grant-admin -- someone@example.com [--role owner|admin|support|viewer] [--revoke]
// Makes an account a member of the Ledgerdesk team: without --role, the custom claim admin: true,
// which firestore.rules, the backend host and the app read as the role owner (the first owner of a
// platform is made this way); with --role, the claim `role` (src/shared/domain/roles.ts). It writes
// the member's team/{uid} document too, as the Team screen's invitations do. Runs with
// firebase-admin, so it needs a service account of the platform's project
// (GOOGLE_APPLICATION_CREDENTIALS), or the emulators (FIREBASE_AUTH_EMULATOR_HOST and
// FIRESTORE_EMULATOR_HOST, project from GCLOUD_PROJECT, default demo-ledgerdesk).
import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { isRole, roleOf, roles, type Role } from '../../src/shared/domain/roles';
import { platformProject } from './platformProject';

export class GrantAdminError extends Error {}

const codeOf = (err: unknown): string => (typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : '');

/**
 * Sets (or with revoke, removes) the claim and answers what happened, in words. Other claims are
 * kept; `admin` and `role` never stand side by side (the role would win, and the old admin claim
 * would read as owner once the role went).
 */
export async function grantAdmin({ auth, db }: { auth: Auth; db: Firestore }, email: string, options: { revoke?: boolean; role?: Role } = {}): Promise<string> {
  const user = await auth.getUserByEmail(email).catch((err: unknown) => {
    if (codeOf(err) === 'auth/user-not-found' || codeOf(err) === 'auth/invalid-email') {
      throw new GrantAdminError(
        `No account signs in with ${email} in this project. Create it first (Firebase console > Authentication > Add user), or check the address.`
      );
    }
    throw err;
  });
  const { admin: hadAdmin, role: hadRole, ...others } = user.customClaims ?? {};
  const had = roleOf(user.customClaims ?? {});
  const member = db.collection('team').doc(user.uid);
  if (options.revoke) {
    if (hadAdmin === undefined && hadRole === undefined) return `${email} (${user.uid}) has no admin claim; nothing changed.`;
    await auth.setCustomUserClaims(user.uid, others);
    // The backend host refuses revoked tokens at once; Firestore honours the old token until it expires (1 hour at most).
    await auth.revokeRefreshTokens(user.uid);
    await member.delete();
    return `${email} (${user.uid}) is no longer the Ledgerdesk administrator; its sessions were revoked.`;
  }
  const role = options.role;
  // Written whatever the claim was, so a member made before the team had documents gets one.
  await member.set({ email: user.email ?? email, role: role ?? 'owner' }, { merge: true });
  if (role === undefined) {
    if (hadAdmin === true && hadRole === undefined) return `${email} (${user.uid}) already has the admin claim; nothing changed.`;
    await auth.setCustomUserClaims(user.uid, { ...others, admin: true });
    if (had !== null && had !== 'owner') await auth.revokeRefreshTokens(user.uid);
    return `${email} (${user.uid}) now has the admin claim. Sign in to Ledgerdesk again with it (the claim reads as the role owner): a session opened before now does not carry the claim.`;
  }
  if (hadRole === role && hadAdmin === undefined) return `${email} (${user.uid}) already has the role ${role}; nothing changed.`;
  await auth.setCustomUserClaims(user.uid, { ...others, role });
  // A session opened with another role would keep it until its token expires.
  if (had !== null && had !== role) await auth.revokeRefreshTokens(user.uid);
  return `${email} (${user.uid}) now has the role ${role}. Sign in to Ledgerdesk again with it: a session opened before now does not carry the claim.`;
}

const USAGE = `Usage: npm run grant-admin -- <e-mail> [--role ${roles.join('|')}] [--revoke]`;

/** The e-mail and the options, or the usage refusal. */
export function argumentsOf(args: string[]): { email: string; revoke: boolean; role?: Role } {
  const rest = [...args];
  let role: Role | undefined;
  const at = rest.indexOf('--role');
  if (at >= 0) {
    const value = rest[at + 1];
    if (!isRole(value)) throw new GrantAdminError(`--role must be one of ${roles.join(', ')}. ${USAGE}`);
    role = value;
    rest.splice(at, 2);
  }
  const revoke = rest.includes('--revoke');
  const emails = rest.filter((a) => a !== '--revoke');
  if (emails.length !== 1 || !emails[0]?.includes('@') || (revoke && role)) throw new GrantAdminError(USAGE);
  return { email: emails[0].trim().toLowerCase(), revoke, ...(role ? { role } : {}) };
}

async function main(args: string[]): Promise<void> {
  const { email, revoke, role } = argumentsOf(args);
  const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const { projectId, said } = platformProject(emulator);
  console.log(said);
  const app = initializeApp({ projectId }, `grant-admin-${process.pid}`);
  try {
    console.log(await grantAdmin({ auth: getAuth(app), db: getFirestore(app) }, email, { revoke, ...(role ? { role } : {}) }));
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
