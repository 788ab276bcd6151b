import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackendHost, type RunningBackendHost } from '../../server/host';
import { deliveryKey } from '../../src/core/mailDelivery';
import { forbiddenMessage } from '../../src/shared/domain/roles';
import { teamChangeSchema, teamListSchema } from '../../src/shared/schemas/team';
import { DEMO_ADMIN, DEMO_APPROVER, DEMO_CUSTOMER, DEMO_VIEWER } from '../../tools/devenv/demo-accounts';
import { resetEmulators } from '../../tools/devenv/emulators';
import { createAuthAccounts } from '../../tools/devenv/seed';
import { emulatorHosts } from '../support/integration/emulatorHosts';
import { signedInApp, typed } from '../support/integration/moneyFixtures';

// The team through the real chain (docs/product-rules.md §15.2): Auth emulator ID tokens -> backend host -> Auth + Firestore emulators.
describe('backend host: the team and the roles against the emulators', () => {
  let host: RunningBackendHost;
  let staleHost: RunningBackendHost;
  let admin: App;
  let auth: Auth;
  let db: Firestore;
  const SUPPORT = { email: 'sue.support@ledgerdesk.test', password: 'sue-support-pass' };
  const tokens: Record<'owner' | 'admin' | 'support' | 'viewer', string> = { owner: '', admin: '', support: '', viewer: '' };

  const identity = (path: string, body: unknown) =>
    fetch(`http://${emulatorHosts().authHost}/identitytoolkit.googleapis.com/v1/${path}?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body)
    });
  const signIn = async (account: { email: string; password: string }): Promise<string> => {
    const res = await identity('accounts:signInWithPassword', { ...account, returnSecureToken: true });
    const body = (await res.json()) as { idToken?: string };
    if (!res.ok || !body.idToken) throw new Error(`Sign-in failed for ${account.email}: ${JSON.stringify(body)}`);
    return body.idToken;
  };
  const call = (method: 'GET' | 'POST' | 'DELETE', path: string, token: string, options: { body?: unknown; key?: string; at?: RunningBackendHost } = {}) =>
    fetch(`${(options.at ?? host).url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(options.key ? { 'idempotency-key': options.key } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' })
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body)
    });
  const invite = (email: string, role: string, key = randomUUID()) =>
    call('POST', '/api/team/invite', tokens.owner, { key, body: { email, role, platformName: 'Acme Invest' } });
  const said = async (res: Response) => (await res.json()) as { error?: string; code?: string };
  const outboxTo = async (email: string) => (await db.collection('mailOutbox').where('to', '==', email).get()).docs;
  const refusedFor = (role: 'admin' | 'support' | 'viewer', capability: 'govern' | 'decide' | 'care') => ({
    error: forbiddenMessage(role, capability),
    code: 'FORBIDDEN'
  });

  beforeAll(async () => {
    const hosts = emulatorHosts();
    await resetEmulators(hosts);
    admin = initializeApp({ projectId: hosts.projectId }, `team-test-${process.pid}`);
    auth = getAuth(admin);
    db = getFirestore(admin);
    await createAuthAccounts(hosts);
    const support = await auth.createUser({ ...SUPPORT, emailVerified: true });
    await auth.setCustomUserClaims(support.uid, { role: 'support' });
    [tokens.owner, tokens.admin, tokens.support, tokens.viewer] = await Promise.all([
      signIn(DEMO_ADMIN),
      signIn(DEMO_APPROVER),
      signIn(SUPPORT),
      signIn(DEMO_VIEWER)
    ]);
    host = await startBackendHost({ projectId: hosts.projectId, smtpUrl: 'smtp://127.0.0.1:9', port: 0, log: () => undefined });
    // A window of one millisecond: every token's password is stale here.
    staleHost = await startBackendHost({ projectId: hosts.projectId, smtpUrl: 'smtp://127.0.0.1:9', port: 0, stepUpWindowMs: 1, log: () => undefined });
  });
  afterAll(async () => {
    await host?.close();
    await staleHost?.close();
    if (admin) await deleteApp(admin);
  });

  it('lists the members with their roles, the owner given the claim by hand included', async () => {
    const res = await call('GET', '/api/team', tokens.owner);
    expect(res.status).toBe(200);
    const { members } = teamListSchema.parse(await res.json());
    // Sue was given her claim without a team document: she is no member the list names, the caller always is.
    expect(members.map((m) => [m.email, m.role, m.disabled])).toEqual([
      [DEMO_ADMIN.email, 'owner', false],
      [DEMO_APPROVER.email, 'admin', false],
      [DEMO_VIEWER.email, 'viewer', false]
    ]);
    expect(members[0]?.lastSignInAt).not.toBeNull();
  });

  it('invites: makes the account with the role, and queues the e-mail whose link sets a password that signs in', async () => {
    const key = randomUUID();
    const res = await invite('Sam.New@Example.com', 'support', key);
    expect(res.status).toBe(200);
    const { member, message } = teamChangeSchema.parse(await res.json());
    // (lastSignInAt is not asserted: the Auth emulator stamps an account's creation as its last sign-in.)
    expect(member).toMatchObject({ email: 'sam.new@example.com', role: 'support', mfa: false, disabled: false, invitedBy: DEMO_ADMIN.email });
    expect(message).toMatch(/invited as Support/);
    expect((await auth.getUser(member.uid)).customClaims).toEqual({ role: 'support' });
    expect((await db.doc(`team/${member.uid}`).get()).data()).toMatchObject({ email: 'sam.new@example.com', role: 'support', invitedBy: DEMO_ADMIN.email });

    const [mail, ...more] = await outboxTo('sam.new@example.com');
    expect(more).toEqual([]);
    expect(mail?.data()).toMatchObject({
      kind: 'invitation',
      state: 'queued',
      attempts: 0,
      auditId: key,
      companyName: 'Acme Invest',
      about: `team/${member.uid}`
    });
    expect(mail?.get('text')).toMatch(/as Support/);
    const link = /https?:\/\/\S+oobCode=[^\s&]+\S*/.exec(String(mail?.get('text')))?.[0];
    const oobCode = new URL(link ?? 'http://none').searchParams.get('oobCode');
    expect(oobCode).toBeTruthy();
    expect((await identity('accounts:resetPassword', { oobCode, newPassword: 'sams-own-password' })).status).toBe(200);
    const samToken = await signIn({ email: 'sam.new@example.com', password: 'sams-own-password' });
    expect((await call('GET', '/api/team', samToken)).status).toBe(403);

    const entry = (await db.doc(`auditLog/${key}`).get()).data();
    expect(entry).toMatchObject({
      kind: 'team',
      action: 'team.invite',
      entityPath: `team/${member.uid}`,
      paths: [`team/${member.uid}`],
      adminUid: DEMO_ADMIN.uid,
      adminEmail: DEMO_ADMIN.email,
      operationId: key
    });
    expect(entry?.at).toBeInstanceOf(Timestamp);
  });

  it('makes one account and one e-mail for the same operation id sent twice', async () => {
    const key = randomUUID();
    const first = await invite('twice@example.com', 'viewer', key);
    const again = await invite('twice@example.com', 'viewer', key);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(teamChangeSchema.parse(await again.json()).member.email).toBe('twice@example.com');
    expect(await outboxTo('twice@example.com')).toHaveLength(1);
    expect((await auth.listUsers()).users.filter((u) => u.email === 'twice@example.com')).toHaveLength(1);
  });

  it('refuses to invite a customer, and an account already on the team', async () => {
    await db.doc(`users/${DEMO_CUSTOMER.uid}`).set({ fullname: 'Casey Customer', email: DEMO_CUSTOMER.email });
    const customer = await invite(DEMO_CUSTOMER.email, 'viewer');
    expect(customer.status).toBe(409);
    expect((await said(customer)).error).toMatch(/is a customer of the platform/);
    expect((await auth.getUser(DEMO_CUSTOMER.uid)).customClaims ?? {}).toEqual({});
    const member = await invite(DEMO_VIEWER.email, 'admin');
    expect(member.status).toBe(409);
    expect((await said(member)).error).toMatch(/already on the team, as Viewer/);
  });

  it('changes a role and ends the member’s sessions', async () => {
    const { member } = teamChangeSchema.parse(await (await invite('rolf@example.com', 'support')).json());
    const before = (await auth.getUser(member.uid)).tokensValidAfterTime;
    await new Promise((resolve) => setTimeout(resolve, 1100)); // tokensValidAfterTime counts whole seconds
    const res = await call('POST', `/api/team/${member.uid}/role`, tokens.owner, { key: randomUUID(), body: { role: 'viewer' } });
    expect(res.status).toBe(200);
    expect(teamChangeSchema.parse(await res.json()).member.role).toBe('viewer');
    const now = await auth.getUser(member.uid);
    expect(now.customClaims).toEqual({ role: 'viewer' });
    expect(Date.parse(now.tokensValidAfterTime ?? '')).toBeGreaterThan(before ? Date.parse(before) : 0);
    expect((await db.doc(`team/${member.uid}`).get()).get('role')).toBe('viewer');
  });

  it('disables a member’s account and ends their sessions', async () => {
    const { member } = teamChangeSchema.parse(await (await invite('dana@example.com', 'admin')).json());
    const key = randomUUID();
    const res = await call('POST', `/api/team/${member.uid}/disable`, tokens.owner, { key });
    expect(res.status).toBe(200);
    expect(teamChangeSchema.parse(await res.json()).member.disabled).toBe(true);
    expect((await auth.getUser(member.uid)).disabled).toBe(true);
    expect((await db.doc(`auditLog/${key}`).get()).data()).toMatchObject({ kind: 'team', action: 'team.disable', entityPath: `team/${member.uid}` });
  });

  it('keeps the last owner: neither demoted nor disabled, in words', async () => {
    const demoted = await call('POST', `/api/team/${DEMO_ADMIN.uid}/role`, tokens.owner, { key: randomUUID(), body: { role: 'admin' } });
    expect(demoted.status).toBe(409);
    expect((await said(demoted)).error).toBe(
      `${DEMO_ADMIN.email} is the last owner of this Ledgerdesk team, so they keep the role and the account. Make another member owner first.`
    );
    const disabled = await call('POST', `/api/team/${DEMO_ADMIN.uid}/disable`, tokens.owner, { key: randomUUID() });
    expect(disabled.status).toBe(409);
    expect((await said(disabled)).error).toBe('You cannot disable your own account. Another owner can.');
    expect((await auth.getUser(DEMO_ADMIN.uid)).customClaims).toEqual({ admin: true });
  });

  it('refuses the team to support and admin with 403 FORBIDDEN, naming their role', async () => {
    for (const role of ['support', 'admin'] as const) {
      const list = await call('GET', '/api/team', tokens[role]);
      expect([list.status, await list.json()]).toEqual([403, refusedFor(role, 'govern')]);
      const invited = await call('POST', '/api/team/invite', tokens[role], { key: randomUUID(), body: { email: `by-${role}@example.com`, role: 'owner' } });
      expect([invited.status, await invited.json()]).toEqual([403, refusedFor(role, 'govern')]);
    }
    expect(await auth.getUserByEmail('by-admin@example.com').catch(() => null)).toBeNull();
  });

  it('refuses a change on a stale password with STEP_UP_REQUIRED, and changes nothing', async () => {
    const res = await call('POST', '/api/team/invite', tokens.owner, { at: staleHost, key: randomUUID(), body: { email: 'late@example.com', role: 'viewer' } });
    expect(res.status).toBe(401);
    expect((await said(res)).code).toBe('STEP_UP_REQUIRED');
    expect(await auth.getUserByEmail('late@example.com').catch(() => null)).toBeNull();
  });

  it('refuses deletion to support, and lets support suspend', async () => {
    await db.doc(`users/${DEMO_CUSTOMER.uid}`).set({ fullname: 'Casey Customer', email: DEMO_CUSTOMER.email, balance: 0 });
    const deleted = await call('DELETE', `/api/deleteUser/${DEMO_CUSTOMER.uid}`, tokens.support, { key: randomUUID(), body: { reason: 'Closed by request' } });
    expect([deleted.status, await deleted.json()]).toEqual([403, refusedFor('support', 'decide')]);
    expect((await auth.getUser(DEMO_CUSTOMER.uid)).disabled).toBe(false);

    const suspended = await call('POST', `/api/suspendUser/${DEMO_CUSTOMER.uid}`, tokens.support, {
      key: randomUUID(),
      body: { reason: 'Account taken over' }
    });
    expect(suspended.status).toBe(200);
    expect((await auth.getUser(DEMO_CUSTOMER.uid)).disabled).toBe(true);
    await call('POST', `/api/unsuspendUser/${DEMO_CUSTOMER.uid}`, tokens.support, { key: randomUUID(), body: { reason: 'Owner confirmed' } });
  });

  it('deletes no member of the team as a customer, whatever their role', async () => {
    await db.doc(`users/${DEMO_VIEWER.uid}`).set({ fullname: 'Vic Viewer', email: DEMO_VIEWER.email, balance: 0 });
    const res = await call('DELETE', `/api/deleteUser/${DEMO_VIEWER.uid}`, tokens.owner, { key: randomUUID(), body: { reason: 'Closed by request' } });
    expect([res.status, await res.json()]).toEqual([409, { error: "The administrator's account cannot be deleted." }]);
    expect((await auth.getUser(DEMO_VIEWER.uid)).disabled).toBe(false);
  });

  it('lets a viewer’s desktop deliver a queued e-mail but not write one of its own', async () => {
    const mail = { email: 'queued@example.com', subject: 'Your deposit', CompanyName: 'Acme Invest', htmlToSend: '<p>Credited.</p>', textToSend: 'Credited.' };
    const adHoc = await call('POST', '/send-mail', tokens.viewer, { key: randomUUID(), body: mail });
    expect([adHoc.status, await adHoc.json()]).toEqual([403, refusedFor('viewer', 'care')]);

    const entry = db.collection('mailOutbox').doc();
    await entry.set({
      to: mail.email,
      subject: mail.subject,
      companyName: mail.CompanyName,
      html: mail.htmlToSend,
      text: mail.textToSend,
      state: 'sending',
      attempts: 1
    });
    const queued = { ...mail, outboxId: entry.id };
    // Another key, or words other than the queued ones, is an e-mail of the viewer's own.
    expect((await call('POST', '/send-mail', tokens.viewer, { key: randomUUID(), body: queued })).status).toBe(403);
    expect((await call('POST', '/send-mail', tokens.viewer, { key: deliveryKey(entry.id, 0), body: { ...queued, subject: 'Other' } })).status).toBe(403);
    // The queued one reaches the mail server (none listens here, so the send itself fails).
    const delivered = await call('POST', '/send-mail', tokens.viewer, { key: deliveryKey(entry.id, 0), body: queued });
    expect(delivered.status).toBe(502);
  });

  it('answers the Team screen through the desktop, with the ID token', async () => {
    const app = await signedInApp({ LEDGERDESK_BACKEND_URL: host.url });
    try {
      const listed = await typed(app)('team.list', {});
      expect(listed.ok && listed.value.members.map((m) => m.email)).toContain(DEMO_APPROVER.email);
    } finally {
      await app.dispose();
    }
  });
});
