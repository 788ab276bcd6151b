import type { AccessFacts, Changeset } from './changeset';

/**
 * Access to Ledgerdesk itself as audit entries (docs/product-rules.md §11.1): every sign-in, refused
 * sign-in, sign-out (Logout, idle, lock screen) and password confirmation. An entry changes no
 * document; it is written by the main process under an administrator's session (firestore.rules
 * let nobody else write the audit log), so what happens outside one (a refused sign-in) waits in
 * the main process and is written, in order, as soon as an administrator is signed in.
 */

export type { AccessFacts };

/** Why a session ended, as the entries say it. */
const endings: Record<string, string> = {
  signedOut: 'Logout',
  idle: 'idle timeout',
  screenLocked: 'screen locked',
  notAdmin: 'not the administrator',
  anotherAccount: 'another account signed in'
};

export function accessSummary(facts: AccessFacts): string {
  const detail = facts.detail ? (endings[facts.detail] ?? facts.detail) : null;
  switch (facts.event) {
    case 'signIn':
      return facts.result === 'ok' ? `Signed in: ${facts.email}` : `Sign-in refused: ${facts.email}${detail ? ` (${detail})` : ''}`;
    case 'signOut':
      return `Signed out: ${facts.email}${detail ? ` (${detail})` : ''}`;
    case 'reauthenticate':
      return facts.result === 'ok' ? `Password confirmed: ${facts.email}` : `Password confirmation refused: ${facts.email}${detail ? ` (${detail})` : ''}`;
  }
}

/** An access event as the audit entry the store writes: nothing changes but the log. */
export function accessChangeset(facts: AccessFacts): Changeset {
  return {
    changes: [],
    audit: {
      kind: 'access',
      action: `access.${facts.event}${facts.result === 'refused' ? 'Refused' : ''}`,
      entityPath: `access/${facts.email || 'unknown'}`,
      summary: accessSummary(facts),
      before: {},
      after: {},
      notes: [],
      reason: null,
      access: facts
    },
    emails: [],
    effects: [],
    message: accessSummary(facts)
  };
}

/** The answer a guarded method gives past the step-up window; the screen asks for the password and repeats the action. */
export const REAUTH_REQUIRED_MESSAGE = 'Confirm your password to continue.';
/**
 * How long a confirmed password (or a sign-in) lets the riskiest changes through. firestore.rules
 * (stepUpWindow) and the backend host check the same window where the write lands.
 */
export const DEFAULT_REAUTH_WINDOW_MS = 5 * 60 * 1000;
/** The `code` of the backend host's 401 past the step-up window; the app answers it with REAUTH_REQUIRED_MESSAGE. */
export const STEP_UP_REQUIRED = 'STEP_UP_REQUIRED';
/** A second factor's code refused (by Firebase, or in tests by the TOTP stand-in of the auth gateway in tests/support). */
export const WRONG_CODE = 'That code is not right. Enter the current 6-digit code from your authenticator app.';
