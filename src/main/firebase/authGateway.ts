import { signInWithEmailAndPassword, signOut, type Auth } from 'firebase/auth';
import type { AuthGateway } from '../app/ports/authGateway';
import { mapFirebaseErrors } from './errors';

export function firebaseAuthGateway(auth: Auth): AuthGateway {
  return {
    signIn: (email, password) =>
      mapFirebaseErrors(async () => {
        const { user } = await signInWithEmailAndPassword(auth, email, password);
        // Force a fresh token so a claim granted or removed a moment ago is what we check.
        const token = await user.getIdTokenResult(true);
        return { uid: user.uid, email: user.email ?? email, claims: token.claims };
      }),
    signOut: () => mapFirebaseErrors(() => signOut(auth))
  };
}

/** The signed-in account's ID token for the backend host; the SDK refreshes it when it expires. */
export const firebaseIdToken = (auth: Auth) => async (): Promise<string | null> => (auth.currentUser ? auth.currentUser.getIdToken() : null);
