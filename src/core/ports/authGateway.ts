import type { CodeRequired } from '../../shared/contract';
import type { SignedInIdentity } from '../../shared/domain/administrator';

/** Who signed in, as the provider vouches for them. */
export type Identity = SignedInIdentity & { email: string };

/**
 * What the session needs from the identity provider. The Firebase implementation lives in
 * src/main/firebase; tests use in-memory ones, and a TOTP stand-in (tests/support/totpStandIn.ts)
 * plays a provider that enforces multi-factor sign-in, which the Auth emulator cannot.
 */
export interface AuthGateway {
  /**
   * Throws AppError with a sentence a person understands when the provider refuses; CodeRequired
   * (the contract's) when the account has a second factor, whose code is asked for next.
   */
  signIn(email: string, password: string): Promise<Identity | CodeRequired>;
  /** The second step of a sign-in that answered CodeRequired: the authenticator app's code. */
  completeSignIn(code: string): Promise<Identity>;
  /** Confirms the signed-in account's password again (step-up); CodeRequired when it has a second factor. */
  reauthenticate(email: string, password: string): Promise<'confirmed' | CodeRequired>;
  completeReauthentication(code: string): Promise<void>;
  signOut(): Promise<void>;
}

export const needsCode = <T>(answer: T | CodeRequired): answer is CodeRequired => typeof answer === 'object' && answer !== null && 'codeRequired' in answer;
