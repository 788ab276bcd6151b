import { execFile } from 'node:child_process';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMainServices, type MainServices, type StartOptions } from '../../src/main/compose';
import { DEMO_ADMIN, DEMO_CUSTOMER } from '../../tools/devenv/demo-accounts';
import { resetEmulators } from '../../tools/devenv/emulators';
import { createAuthAccounts } from '../../tools/devenv/seed';
import { demoEnv, emulatorHosts, freshDataDir } from '../support/integration/emulatorHosts';
import { totpCode, totpStandIn, TOTP_STAND_IN_FACTOR } from '../support/totpStandIn';

// The very command an operator runs, against this file's emulators.
const runGrantAdmin = (...args: string[]) =>
  new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    const options = { env: { ...process.env, ...demoEnv() }, timeout: 30_000 };
    execFile('npm', ['run', '--silent', 'grant-admin', '--', ...args], options, (error, stdout, stderr) =>
      resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr })
    );
  });

// The real sign-in path: dispatcher -> session -> Firebase Auth emulator -> claims check.
describe('administrator sign-in against the Auth emulator', () => {
  let services: MainServices | null = null;

  beforeAll(async () => {
    await resetEmulators(emulatorHosts());
    await createAuthAccounts(emulatorHosts());
  });
  afterEach(async () => {
    await services?.dispose();
    services = null;
  });

  const start = async (extra: NodeJS.ProcessEnv = {}, ports: StartOptions['ports'] = undefined) => {
    services = await startMainServices({ transport: 'browser', dataDir: freshDataDir(), version: 'test', env: demoEnv(extra), ...(ports ? { ports } : {}) });
    return services;
  };

  it('signs the demo administrator in and then serves admin-only methods', async () => {
    const { dispatch } = await start();
    expect(await dispatch('dashboard.summary', {})).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });

    const signIn = await dispatch('session.signIn', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, rememberMe: false });
    expect(signIn).toEqual({ ok: true, value: { uid: DEMO_ADMIN.uid, email: DEMO_ADMIN.email, role: 'owner' } });
    expect(await dispatch('session.get', {})).toMatchObject({ ok: true, value: { user: { email: DEMO_ADMIN.email } } });
    expect(await dispatch('dashboard.summary', {})).toMatchObject({ ok: true });
  });

  it('refuses the customer account with a clear message and leaves nobody signed in', async () => {
    const { dispatch } = await start();
    const result = await dispatch('session.signIn', {
      email: DEMO_CUSTOMER.email,
      password: DEMO_CUSTOMER.password,
      rememberMe: false
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'PERMISSION_DENIED' } });
    if (!result.ok) expect(result.error.message).toMatch(/not a Ledgerdesk administrator/);
    expect(await dispatch('session.get', {})).toMatchObject({ ok: true, value: { user: null, endedBecause: 'notAdmin' } });
    expect(await dispatch('dashboard.summary', {})).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
  });

  it('does not let LEDGERDESK_ADMIN_UID stand in for the claim, and narrows to that account', async () => {
    const { dispatch } = await start({ LEDGERDESK_ADMIN_UID: DEMO_CUSTOMER.uid });
    const customer = await dispatch('session.signIn', { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password, rememberMe: false });
    expect(customer).toMatchObject({ ok: false, error: { code: 'PERMISSION_DENIED', message: expect.stringContaining('grant-admin') } });
    const admin = await dispatch('session.signIn', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, rememberMe: false });
    expect(admin).toMatchObject({ ok: false, error: { code: 'PERMISSION_DENIED', message: expect.stringContaining('adminUid') } });
  });

  it('lets an account in once npm run grant-admin has given it the claim', async () => {
    const account = { email: 'new-admin@ledgerdesk.test', password: 'new-admin-pass' };
    const app = initializeApp({ projectId: emulatorHosts().projectId }, `session-it-${process.pid}`);
    try {
      await getAuth(app).createUser(account);
    } finally {
      await deleteApp(app);
    }
    const { dispatch } = await start();
    const before = await dispatch('session.signIn', { ...account, rememberMe: false });
    expect(before).toMatchObject({ ok: false, error: { code: 'PERMISSION_DENIED', message: expect.stringContaining('npm run grant-admin') } });

    const granted = await runGrantAdmin(account.email);
    expect(granted.status).toBe(0);
    expect(granted.stdout).toMatch(/now has the admin claim\. Sign in to Ledgerdesk again/);
    expect(await dispatch('session.signIn', { ...account, rememberMe: false })).toMatchObject({ ok: true });
    expect(await dispatch('dashboard.summary', {})).toMatchObject({ ok: true });

    expect((await runGrantAdmin(account.email)).stdout).toMatch(/already has the admin claim/);
    expect((await runGrantAdmin(account.email, '--revoke')).stdout).toMatch(/no longer the Ledgerdesk administrator/);
    expect(await dispatch('session.signIn', { ...account, rememberMe: false })).toMatchObject({ ok: false, error: { code: 'PERMISSION_DENIED' } });
    const unknown = await runGrantAdmin('nobody@ledgerdesk.test');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/No account signs in with nobody@ledgerdesk\.test/);
  });

  it('gives the role --role names, writes the team document, and refuses a role Ledgerdesk does not know', async () => {
    const account = { email: 'support-by-hand@ledgerdesk.test', password: 'support-pass' };
    const app = initializeApp({ projectId: emulatorHosts().projectId }, `session-it-role-${process.pid}`);
    try {
      const { uid } = await getAuth(app).createUser(account);
      const wrong = await runGrantAdmin(account.email, '--role', 'superuser');
      expect(wrong.status).toBe(1);
      expect(wrong.stderr).toMatch(/--role must be one of owner, admin, support, viewer/);

      const granted = await runGrantAdmin(account.email, '--role', 'support');
      expect(granted.stdout).toMatch(/now has the role support\. Sign in to Ledgerdesk again/);
      expect((await getAuth(app).getUser(uid)).customClaims).toEqual({ role: 'support' });
      expect((await getFirestore(app).collection('team').doc(uid).get()).data()).toMatchObject({ email: account.email, role: 'support' });
      const { dispatch } = await start();
      expect(await dispatch('session.signIn', { ...account, rememberMe: false })).toMatchObject({ ok: true });
      expect(await dispatch('session.get', {})).toMatchObject({ ok: true, value: { user: { role: 'support' } } });

      // Without --role, the plain admin claim as before, which reads as owner; the role claim goes.
      expect((await runGrantAdmin(account.email)).stdout).toMatch(/now has the admin claim/);
      expect((await getAuth(app).getUser(uid)).customClaims).toEqual({ admin: true });
      expect((await getFirestore(app).collection('team').doc(uid).get()).get('role')).toBe('owner');
      expect((await runGrantAdmin(account.email, '--revoke')).stdout).toMatch(/no longer the Ledgerdesk administrator/);
      expect((await getFirestore(app).collection('team').doc(uid).get()).exists).toBe(false);
    } finally {
      await deleteApp(app);
    }
  });

  it('explains a wrong password in words', async () => {
    const { dispatch } = await start();
    const result = await dispatch('session.signIn', { email: DEMO_ADMIN.email, password: 'not-it', rememberMe: false });
    expect(result).toEqual({ ok: false, error: { code: 'UNAUTHENTICATED', message: 'The e-mail address or password is incorrect.' } });
  });

  it('explains an unknown account in the same words (no account probing)', async () => {
    const { dispatch } = await start();
    const result = await dispatch('session.signIn', { email: 'nobody@ledgerdesk.test', password: 'x', rememberMe: false });
    expect(result).toEqual({ ok: false, error: { code: 'UNAUTHENTICATED', message: 'The e-mail address or password is incorrect.' } });
  });

  // The Auth emulator cannot enrol a TOTP factor: the tests' stand-in (tests/support/totpStandIn.ts),
  // given to the composition root as a wrapper of the auth gateway, asks for the code after the emulator took the password.
  it('asks for the authenticator code after the password when the account has a second factor, and refuses a wrong one', async () => {
    const SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    const { dispatch } = await start({}, { auth: (gateway) => totpStandIn(gateway, SECRET) });
    const signIn = await dispatch('session.signIn', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, rememberMe: false });
    expect(signIn).toEqual({ ok: true, value: { codeRequired: { factor: TOTP_STAND_IN_FACTOR } } });
    expect(await dispatch('dashboard.summary', {})).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    const wrong = await dispatch('session.signInCode', { code: totpCode(SECRET, Date.now() - 10 * 60_000) });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'VALIDATION', message: expect.stringContaining('That code is not right') } });
    const right = await dispatch('session.signInCode', { code: totpCode(SECRET, Date.now()) });
    expect(right).toEqual({ ok: true, value: { uid: DEMO_ADMIN.uid, email: DEMO_ADMIN.email, role: 'owner' } });
    expect(await dispatch('dashboard.summary', {})).toMatchObject({ ok: true });
  });

  it('signs out and then refuses admin-only methods', async () => {
    const { dispatch } = await start();
    await dispatch('session.signIn', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, rememberMe: true });
    expect(await dispatch('session.signOut', {})).toEqual({ ok: true, value: null });
    expect(await dispatch('dashboard.summary', {})).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    expect(await dispatch('session.get', {})).toMatchObject({ ok: true, value: { rememberedEmail: DEMO_ADMIN.email } });
  });
});
