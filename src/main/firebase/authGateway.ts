import { signInWithEmailAndPassword, signOut, type Auth } from 'firebase/auth';
import type { AuthGateway } from '../session/authGateway';
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
