import { roleOf } from './roles';

/**
 * Only the platform's administrators may use Ledgerdesk: accounts whose ID token carries a role
 * (the custom claim `role`, or `admin: true`, which reads as owner; src/shared/domain/roles.ts).
 * firestore.rules grant data access on that same claim, so an account the app let in without it
 * would meet "permission denied" on every screen. A configured `adminUid` narrows further to that
 * one account; it never replaces the claim.
 */
export interface SignedInIdentity {
  uid: string;
  claims: Readonly<Record<string, unknown>>;
}

export interface AdministratorRule {
  adminUid: string | null;
}

/** The command an operator runs to give an account the claim (tools/devenv/grant-admin.ts). */
const GRANT_ADMIN_COMMAND = 'npm run grant-admin -- <e-mail>';

const NOT_ADMIN_MESSAGE = `This account is not a Ledgerdesk administrator (it has no role), so it was signed out. An owner can invite it from the Team screen; for the first owner, run ${GRANT_ADMIN_COMMAND} and sign in again.`;
const NOT_CONFIGURED_ADMIN_MESSAGE =
  'This account is not the Ledgerdesk administrator this computer is configured for (adminUid), so it was signed out. Sign in with that account.';

/** Why this identity may not use Ledgerdesk, or null when it is the administrator. */
export function administratorRefusal(identity: SignedInIdentity, rule: AdministratorRule): string | null {
  if (roleOf(identity.claims) === null) return NOT_ADMIN_MESSAGE;
  if (rule.adminUid !== null && identity.uid !== rule.adminUid) return NOT_CONFIGURED_ADMIN_MESSAGE;
  return null;
}

export const isAdministrator = (identity: SignedInIdentity, rule: AdministratorRule): boolean => administratorRefusal(identity, rule) === null;

export const EMPTY_CREDENTIALS_MESSAGE = 'Email or password is empty';
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';
