import {
  EmailAuthProvider,
  getMultiFactorResolver,
  reauthenticateWithCredential,
  signInWithEmailAndPassword,
  signOut,
  TotpMultiFactorGenerator,
  type Auth,
  type MultiFactorError,
  type MultiFactorResolver,
  type User
} from 'firebase/auth';
import type { CodeRequired } from '../../shared/contract';
import { AppError } from '../../shared/result';
import type { AuthGateway, Identity } from '../../core/ports/authGateway';
import { mapFirebaseErrors } from './errors';

const MFA_REQUIRED = 'auth/multi-factor-auth-required';
const NO_TOTP =
  "This account's second factor is not an authenticator app (TOTP), the only one Ledgerdesk can ask for. Enrol an authenticator app for it, or use another account.";
const NO_PENDING = 'Start again with your password: the code is asked for after it.';

const codeOf = (error: unknown): unknown => (error as { code?: unknown } | null)?.code;

/**
 * Firebase Authentication for the session. A platform that enforces multi-factor sign-in answers
 * `auth/multi-factor-auth-required`; the account's TOTP factor is then found on the resolver
 * (getMultiFactorResolver) and the next call completes with the authenticator app's code
 * (TotpMultiFactorGenerator.assertionForSignIn). Re-authentication (step-up) goes the same way.
 */
export function firebaseAuthGateway(auth: Auth): AuthGateway {
  /** The resolver of a sign-in or a confirmation waiting for its code, and the TOTP factor's id. */
  let pending: { resolver: MultiFactorResolver; factorUid: string; purpose: 'signIn' | 'reauthenticate' } | null = null;

  const identityOf = async (user: User, email: string): Promise<Identity> => {
    // Force a fresh token so a claim granted or removed a moment ago is what we check.
    const token = await user.getIdTokenResult(true);
    return { uid: user.uid, email: user.email ?? email, claims: token.claims };
  };

  const secondFactor = (error: unknown, purpose: 'signIn' | 'reauthenticate'): CodeRequired => {
    const resolver = getMultiFactorResolver(auth, error as MultiFactorError);
    const totp = resolver.hints.find((hint) => hint.factorId === TotpMultiFactorGenerator.FACTOR_ID);
    if (!totp) throw new AppError('PERMISSION_DENIED', NO_TOTP);
    pending = { resolver, factorUid: totp.uid, purpose };
    return { codeRequired: { factor: totp.displayName || 'Authenticator app' } };
  };

  /** The waiting resolver's answer to the code; it stays usable for another try when the code is wrong. */
  const resolve = async (code: string, purpose: 'signIn' | 'reauthenticate') => {
    if (!pending || pending.purpose !== purpose) throw new AppError('CONFLICT', NO_PENDING);
    const assertion = TotpMultiFactorGenerator.assertionForSignIn(pending.factorUid, code);
    const credential = await pending.resolver.resolveSignIn(assertion);
    pending = null;
    return credential.user;
  };

  return {
    signIn: (email, password) =>
      mapFirebaseErrors(async () => {
        pending = null;
        try {
          const { user } = await signInWithEmailAndPassword(auth, email, password);
          return await identityOf(user, email);
        } catch (error) {
          if (codeOf(error) === MFA_REQUIRED) return secondFactor(error, 'signIn');
          throw error;
        }
      }),
    completeSignIn: (code) => mapFirebaseErrors(async () => identityOf(await resolve(code, 'signIn'), '')),
    reauthenticate: (email, password) =>
      mapFirebaseErrors(async () => {
        const user = auth.currentUser;
        if (!user) throw new AppError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
        pending = null;
        try {
          await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email ?? email, password));
          return 'confirmed' as const;
        } catch (error) {
          if (codeOf(error) === MFA_REQUIRED) return secondFactor(error, 'reauthenticate');
          throw error;
        }
      }),
    completeReauthentication: (code) =>
      mapFirebaseErrors(async () => {
        await resolve(code, 'reauthenticate');
      }),
    signOut: () =>
      mapFirebaseErrors(() => {
        pending = null;
        return signOut(auth);
      })
  };
}

/** The signed-in account's ID token for the backend host; the SDK refreshes it when it expires. */
export const firebaseIdToken = (auth: Auth) => async (): Promise<string | null> => (auth.currentUser ? auth.currentUser.getIdToken() : null);
