import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startBackendHost, type RunningBackendHost } from '../../server/host';
import { APPROVAL_TTL_MS } from '../../src/shared/domain/approvals';
import { teamChangeSchema } from '../../src/shared/schemas/team';
import { DEMO_ADMIN, DEMO_APPROVER, DEMO_CUSTOMER } from '../../tools/devenv/demo-accounts';
import { resetEmulators } from '../../tools/devenv/emulators';
import { createAuthAccounts } from '../../tools/devenv/seed';
import { emulatorHosts } from '../support/integration/emulatorHosts';

// Dual control on the backend host (docs/product-rules.md §15.6): deleting a customer and changing the
// team are written with firebase-admin, so the host itself checks settings/ledgerdesk.approvals and
// the approved request, in the transaction of its own write. Real chain: Auth emulator ID tokens ->
// backend host -> Auth + Firestore emulators.
describe('backend host: dual control for deleting a customer and changing the team', () => {
  let host: RunningBackendHost;
  let admin: App;
  let auth: Auth;
  let db: Firestore;
  /** owner: DEMO_ADMIN (the maker); approver: DEMO_APPROVER (role admin); owner2: a second owner, who approves team changes. */
  const tokens: Record<'owner' | 'approver' | 'owner2', string> = { owner: '', approver: '', owner2: '' };
  const OWNER2 = { email: 'olga.owner@ledgerdesk.test', password: 'olga-owner-pass' };
  const CASEY = { fullname: 'Casey Customer', email: DEMO_CUSTOMER.email, balance: 0 };
  const REASON = 'Account closed at the customer’s request';

  const signIn = async (account: { email: string; password: string }): Promise<string> => {
    const res = await fetch(`http://${emulatorHosts().authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...account, returnSecureToken: true })
    });
    const body = (await res.json()) as { idToken?: string };
    if (!res.ok || !body.idToken) throw new Error(`Sign-in failed for ${account.email}: ${JSON.stringify(body)}`);
    return body.idToken;
  };
  const call = (method: 'POST' | 'DELETE', path: string, token: string, body: unknown, key = randomUUID()) =>
    fetch(`${host.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key, 'content-type': 'application/json' },
      body: JSON.stringify(body)
    });
  const deleteCasey = (token: string, options: { approvalRequestId?: string; force?: boolean } = {}) =>
    call('DELETE', `/api/deleteUser/${DEMO_CUSTOMER.uid}${options.force ? '?force=true' : ''}`, token, {
      reason: REASON,
      ...(options.approvalRequestId ? { approvalRequestId: options.approvalRequestId } : {})
    });
  const said = async (res: Response) => (await res.json()) as { error?: string; code?: string };

  const setPolicy = (approvals: Record<string, unknown>) => db.doc('settings/ledgerdesk').set({ approvals }, { merge: true });
  /** A request as the maker's desktop files it (src/core/hostApprovals.ts), asked by `by`. */
  const fileRequest = async (kind: 'customerDeletion' | 'team', target: string, change: Record<string, unknown>, by: { uid: string; email: string }) => {
    const id = randomUUID();
    const now = Date.now();
    await db.doc(`approvalRequests/${id}`).set({
      kind,
      target,
      change,
      why: 'Needs a second administrator.',
      summary: `Asked: ${target}`,
      method: kind === 'team' ? `team.${String(change.action)}` : 'users.delete',
      decision: {},
      previewVersion: null,
      requestedBy: by,
      requestedAt: Timestamp.fromMillis(now),
      expiresAt: Timestamp.fromMillis(now + APPROVAL_TTL_MS),
      state: 'requires_review',
      decidedBy: null,
      decidedAt: null,
      reason: null
    });
    return id;
  };
  const requestNow = async (id: string) => (await db.doc(`approvalRequests/${id}`).get()).data()!;
  const hasDocument = async () => (await db.collection('users').doc(DEMO_CUSTOMER.uid).get()).exists;
  const accountDisabled = async () => (await auth.getUser(DEMO_CUSTOMER.uid)).disabled;
  const deletionEntries = async () =>
    (await db.collection('auditLog').where('entityPath', '==', `users/${DEMO_CUSTOMER.uid}`).get()).docs
      .map((d) => d.data())
      .filter((entry) => entry.action === 'user.delete');
  const maker = { uid: DEMO_ADMIN.uid, email: DEMO_ADMIN.email };

  beforeAll(async () => {
    const hosts = emulatorHosts();
    await resetEmulators(hosts);
    admin = initializeApp({ projectId: hosts.projectId }, `approvals-host-test-${process.pid}`);
    auth = getAuth(admin);
    db = getFirestore(admin);
    await createAuthAccounts(hosts);
    const owner2 = await auth.createUser({ ...OWNER2, emailVerified: true });
    await auth.setCustomUserClaims(owner2.uid, { role: 'owner' });
    [tokens.owner, tokens.approver, tokens.owner2] = await Promise.all([signIn(DEMO_ADMIN), signIn(DEMO_APPROVER), signIn(OWNER2)]);
    host = await startBackendHost({ projectId: hosts.projectId, smtpUrl: 'smtp://127.0.0.1:9', port: 0, log: () => undefined });
  });
  afterAll(async () => {
    await host?.close();
    if (admin) await deleteApp(admin);
  });

  describe('deleting a customer (customerDeletion)', () => {
    beforeEach(async () => {
      await createAuthAccounts(emulatorHosts());
      await auth.updateUser(DEMO_CUSTOMER.uid, { disabled: false });
      await db.collection('users').doc(DEMO_CUSTOMER.uid).set(CASEY);
      await db.collection('archivedUsers').doc(DEMO_CUSTOMER.uid).delete();
      await setPolicy({ customerDeletion: true });
    });

    it('refuses a covered deletion without a request, and touches neither the customer nor the sign-in account', async () => {
      const res = await deleteCasey(tokens.owner);
      expect(res.status).toBe(403);
      expect(await said(res)).toEqual({ error: "Deleting a customer needs a second administrator's approval: ask for it in Ledgerdesk.", code: 'FORBIDDEN' });
      expect(await hasDocument()).toBe(true);
      expect(await accountDisabled()).toBe(false);
      expect(await deletionEntries()).toEqual([]);
    });

    it('refuses the maker applying their own request; the request stays open', async () => {
      const id = await fileRequest('customerDeletion', `users/${DEMO_CUSTOMER.uid}`, { delete: true, force: false }, maker);
      const res = await deleteCasey(tokens.owner, { approvalRequestId: id });
      expect(res.status).toBe(403);
      expect((await said(res)).error).toMatch(/another administrator must approve it/);
      expect(await hasDocument()).toBe(true);
      expect(await accountDisabled()).toBe(false);
      expect((await requestNow(id)).state).toBe('requires_review');
    });

    it('applies another administrator’s approval once: the customer archived once, the request applied in their name', async () => {
      const id = await fileRequest('customerDeletion', `users/${DEMO_CUSTOMER.uid}`, { delete: true, force: false }, maker);
      const res = await deleteCasey(tokens.approver, { approvalRequestId: id });
      expect(res.status).toBe(200);
      expect(await hasDocument()).toBe(false);
      const request = await requestNow(id);
      expect(request.state).toBe('succeeded');
      expect(request.decidedBy).toEqual({ uid: DEMO_APPROVER.uid, email: DEMO_APPROVER.email });
      expect(request.decidedAt).toBeInstanceOf(Timestamp);
      const [entry, ...more] = await deletionEntries();
      expect(more).toEqual([]);
      expect(entry).toMatchObject({ approvalRequestId: id, adminUid: DEMO_APPROVER.uid });

      // The same request again (another action): refused, nothing archived twice.
      await db.collection('users').doc(DEMO_CUSTOMER.uid).set(CASEY);
      const again = await deleteCasey(tokens.approver, { approvalRequestId: id });
      expect(again.status).toBe(409);
      expect((await said(again)).error).toBe('This approval request was already applied, so nothing was done.');
      expect(await hasDocument()).toBe(true);
      expect((await db.collection('archivedUsers').doc(DEMO_CUSTOMER.uid).get()).get('earlier')).toBeUndefined();
      expect(await deletionEntries()).toHaveLength(1);
    });

    it('refuses a request for another customer, or without force when it asked for force, and deletes nothing', async () => {
      const other = await fileRequest('customerDeletion', 'users/someone-else', { delete: true, force: false }, maker);
      const forced = await fileRequest('customerDeletion', `users/${DEMO_CUSTOMER.uid}`, { delete: true, force: true }, maker);
      for (const id of [other, forced]) {
        const res = await deleteCasey(tokens.approver, { approvalRequestId: id });
        expect(res.status).toBe(409);
        expect((await said(res)).error).toMatch(/for another change/);
        expect((await requestNow(id)).state).toBe('requires_review');
      }
      expect(await hasDocument()).toBe(true);
      expect(await accountDisabled()).toBe(false);
    });

    it('refuses an expired request', async () => {
      const id = await fileRequest('customerDeletion', `users/${DEMO_CUSTOMER.uid}`, { delete: true, force: false }, maker);
      await db.doc(`approvalRequests/${id}`).update({ expiresAt: Timestamp.fromMillis(Date.now() - 1000) });
      const res = await deleteCasey(tokens.approver, { approvalRequestId: id });
      expect(res.status).toBe(409);
      expect((await said(res)).error).toBe('This approval request expired, so nothing was done.');
      expect(await hasDocument()).toBe(true);
    });

    it('deletes as before when the policy does not cover deletions', async () => {
      await setPolicy({ customerDeletion: false });
      const res = await deleteCasey(tokens.owner);
      expect(res.status).toBe(200);
      expect(await hasDocument()).toBe(false);
    });
  });

  describe('the team (teamChanges)', () => {
    const inviteMember = async (email: string, role: string) => {
      await setPolicy({ teamChanges: false });
      const res = await call('POST', '/api/team/invite', tokens.owner, { email, role });
      expect(res.status).toBe(200);
      await setPolicy({ teamChanges: true });
      return teamChangeSchema.parse(await res.json()).member;
    };
    const setRole = (uid: string, role: string, token: string, approvalRequestId?: string) =>
      call('POST', `/api/team/${uid}/role`, token, { role, ...(approvalRequestId ? { approvalRequestId } : {}) });
    const claimsOf = async (uid: string) => (await auth.getUser(uid)).customClaims;

    it('refuses a covered change without a request: no role changed, no account made', async () => {
      const member = await inviteMember('rhea@example.com', 'support');
      const res = await setRole(member.uid, 'viewer', tokens.owner);
      expect(res.status).toBe(403);
      expect(await said(res)).toEqual({ error: "Changing the team needs a second administrator's approval: ask for it in Ledgerdesk.", code: 'FORBIDDEN' });
      expect(await claimsOf(member.uid)).toEqual({ role: 'support' });

      const invited = await call('POST', '/api/team/invite', tokens.owner, { email: 'nobody-yet@example.com', role: 'viewer' });
      expect(invited.status).toBe(403);
      await expect(auth.getUserByEmail('nobody-yet@example.com')).rejects.toThrow();
    });

    it('refuses the maker’s own request, applies another owner’s approval once, and refuses a request for another role', async () => {
      const member = await inviteMember('milo@example.com', 'support');
      const id = await fileRequest('team', `team/${member.uid}`, { action: 'setRole', role: 'viewer' }, maker);

      const own = await setRole(member.uid, 'viewer', tokens.owner, id);
      expect(own.status).toBe(403);
      expect(await claimsOf(member.uid)).toEqual({ role: 'support' });

      const otherRole = await setRole(member.uid, 'admin', tokens.owner2, id);
      expect(otherRole.status).toBe(409);
      expect((await said(otherRole)).error).toMatch(/for another change/);
      expect(await claimsOf(member.uid)).toEqual({ role: 'support' });

      const res = await setRole(member.uid, 'viewer', tokens.owner2, id);
      expect(res.status).toBe(200);
      expect(await claimsOf(member.uid)).toEqual({ role: 'viewer' });
      expect((await db.doc(`team/${member.uid}`).get()).get('role')).toBe('viewer');
      const request = await requestNow(id);
      expect(request.state).toBe('succeeded');
      expect(request.decidedBy).toEqual({ uid: (await auth.getUserByEmail(OWNER2.email)).uid, email: OWNER2.email });
      const entries = (await db.collection('auditLog').where('approvalRequestId', '==', id).get()).docs.map((d) => d.data());
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ action: 'team.setRole', newRole: 'viewer' });

      const again = await setRole(member.uid, 'support', tokens.owner2, id);
      expect(again.status).toBe(409);
      expect(await claimsOf(member.uid)).toEqual({ role: 'viewer' });
    });

    it('applies an approved invitation, by its e-mail', async () => {
      const id = await fileRequest('team', 'team/invite:vera@example.com', { action: 'invite', email: 'vera@example.com', role: 'viewer' }, maker);
      const res = await call('POST', '/api/team/invite', tokens.owner2, { email: 'Vera@Example.com', role: 'viewer', approvalRequestId: id });
      expect(res.status).toBe(200);
      expect(await claimsOf((await auth.getUserByEmail('vera@example.com')).uid)).toEqual({ role: 'viewer' });
      expect((await requestNow(id)).state).toBe('succeeded');
    });

    it('changes the team as before when the policy does not cover it', async () => {
      const member = await inviteMember('tess@example.com', 'support');
      await setPolicy({ teamChanges: false });
      const res = await setRole(member.uid, 'viewer', tokens.owner);
      expect(res.status).toBe(200);
      expect(await claimsOf(member.uid)).toEqual({ role: 'viewer' });
    });
  });
});
