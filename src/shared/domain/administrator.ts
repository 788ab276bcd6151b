/**
 * Only one identity may use Ledgerdesk: the platform's administrator, recognised either by the
 * configured account UID or by an `admin: true` custom claim on the ID token.
 */
export interface SignedInIdentity {
  uid: string;
  claims: Readonly<Record<string, unknown>>;
}

export interface AdministratorRule {
  adminUid: string | null;
}

export const isAdministrator = (identity: SignedInIdentity, rule: AdministratorRule): boolean =>
  (rule.adminUid !== null && identity.uid === rule.adminUid) || identity.claims['admin'] === true;

export const EMPTY_CREDENTIALS_MESSAGE = 'Email or password is empty';
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';
export const NOT_ADMIN_MESSAGE =
  'This account is not the Ledgerdesk administrator, so it was signed out. Sign in with the administrator account.';
