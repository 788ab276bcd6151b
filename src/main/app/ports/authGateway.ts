import type { SignedInIdentity } from '../../../shared/domain/administrator';

/**
 * What the session needs from the identity provider. The Firebase implementation lives in
 * src/main/firebase; tests use an in-memory one.
 */
export interface AuthGateway {
  /** Throws AppError with a sentence a person understands when the provider refuses. */
  signIn(email: string, password: string): Promise<SignedInIdentity & { email: string }>;
  signOut(): Promise<void>;
}
