import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The Firebase gateway's multi-factor path, with firebase/auth stood in: the Auth emulator cannot
 * enrol TOTP, so what is checked here is that Ledgerdesk makes the calls Firebase documents
 * (getMultiFactorResolver on auth/multi-factor-auth-required, the TOTP hint,
 * TotpMultiFactorGenerator.assertionForSignIn, resolver.resolveSignIn), not Firebase itself.
 */
const firebase = vi.hoisted(() => ({
  signInWithEmailAndPassword: vi.fn(),
  reauthenticateWithCredential: vi.fn(),
  getMultiFactorResolver: vi.fn(),
  assertionForSignIn: vi.fn((uid: string, code: string) => ({ uid, code })),
  signOut: vi.fn()
}));

vi.mock('firebase/auth', () => ({
  signInWithEmailAndPassword: firebase.signInWithEmailAndPassword,
  reauthenticateWithCredential: firebase.reauthenticateWithCredential,
  getMultiFactorResolver: firebase.getMultiFactorResolver,
  signOut: firebase.signOut,
  EmailAuthProvider: { credential: (email: string, password: string) => ({ email, password }) },
  TotpMultiFactorGenerator: { FACTOR_ID: 'totp', assertionForSignIn: firebase.assertionForSignIn }
}));

const { firebaseAuthGateway } = await import('@main/firebase/authGateway');

const user = { uid: 'admin-uid', email: 'admin@acme.test', getIdTokenResult: async () => ({ claims: { admin: true } }) };
const mfaRequired = Object.assign(new Error('Firebase: (auth/multi-factor-auth-required).'), { code: 'auth/multi-factor-auth-required' });
const auth = { currentUser: user } as never;

describe('Firebase sign-in with a TOTP second factor', () => {
  let resolveSignIn: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.clearAllMocks();
    resolveSignIn = vi.fn(async () => ({ user }));
    firebase.getMultiFactorResolver.mockReturnValue({
      hints: [
        { factorId: 'phone', uid: 'sms-1', displayName: 'Phone' },
        { factorId: 'totp', uid: 'totp-1', displayName: 'Work phone authenticator' }
      ],
      resolveSignIn
    });
  });

  it('asks for the code of the TOTP factor instead of failing, then resolves the sign-in with it', async () => {
    firebase.signInWithEmailAndPassword.mockRejectedValueOnce(mfaRequired);
    const gateway = firebaseAuthGateway(auth);
    expect(await gateway.signIn('admin@acme.test', 'pw')).toEqual({ codeRequired: { factor: 'Work phone authenticator' } });
    expect(firebase.getMultiFactorResolver).toHaveBeenCalledWith(auth, mfaRequired);
    expect(await gateway.completeSignIn('123456')).toEqual({ uid: 'admin-uid', email: 'admin@acme.test', claims: { admin: true } });
    expect(firebase.assertionForSignIn).toHaveBeenCalledWith('totp-1', '123456');
    expect(resolveSignIn).toHaveBeenCalledWith({ uid: 'totp-1', code: '123456' });
  });

  it('says a wrong code in words and lets the administrator try again on the same resolver', async () => {
    firebase.signInWithEmailAndPassword.mockRejectedValueOnce(mfaRequired);
    resolveSignIn.mockRejectedValueOnce(Object.assign(new Error('bad'), { code: 'auth/invalid-verification-code' }));
    const gateway = firebaseAuthGateway(auth);
    await gateway.signIn('admin@acme.test', 'pw');
    await expect(gateway.completeSignIn('000000')).rejects.toMatchObject({ code: 'VALIDATION', message: expect.stringContaining('That code is not right') });
    expect(await gateway.completeSignIn('123456')).toMatchObject({ uid: 'admin-uid' });
  });

  it('refuses an account whose only second factor is not an authenticator app', async () => {
    firebase.signInWithEmailAndPassword.mockRejectedValueOnce(mfaRequired);
    firebase.getMultiFactorResolver.mockReturnValueOnce({ hints: [{ factorId: 'phone', uid: 'sms-1' }], resolveSignIn });
    await expect(firebaseAuthGateway(auth).signIn('admin@acme.test', 'pw')).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
  });

  it('confirms the password again with reauthenticateWithCredential, through the TOTP factor where the account has one', async () => {
    const gateway = firebaseAuthGateway(auth);
    firebase.reauthenticateWithCredential.mockResolvedValueOnce({ user });
    expect(await gateway.reauthenticate('admin@acme.test', 'pw')).toBe('confirmed');
    expect(firebase.reauthenticateWithCredential).toHaveBeenCalledWith(user, { email: 'admin@acme.test', password: 'pw' });
    firebase.reauthenticateWithCredential.mockRejectedValueOnce(mfaRequired);
    expect(await gateway.reauthenticate('admin@acme.test', 'pw')).toEqual({ codeRequired: { factor: 'Work phone authenticator' } });
    // A sign-in's code cannot finish a confirmation, nor the other way round.
    await expect(gateway.completeSignIn('123456')).rejects.toMatchObject({ code: 'CONFLICT' });
    await gateway.completeReauthentication('654321');
    expect(firebase.assertionForSignIn).toHaveBeenLastCalledWith('totp-1', '654321');
  });
});
