import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackendHost, type RunningBackendHost } from '../../server/host';
import { DEMO_CUSTOMER } from '../../tools/devenv/demo-accounts';
import { typed, usePlatform } from '../support/integration/moneyFixtures';
import { emulatorHosts } from '../support/integration/emulatorHosts';

/**
 * A customer's case file, on the emulators with the real backend host: notes, suspension (the
 * sign-in account and the record, then an override to pay them), KYC outcomes that e-mail the
 * customer, and expired KYC counted and listed.
 */
describe('notes, suspension and KYC outcomes', () => {
  let host: RunningBackendHost;
  let authApp: App;
  beforeAll(async () => {
    host = await startBackendHost({ projectId: emulatorHosts().projectId, smtpUrl: 'smtp://127.0.0.1:9', port: 0, log: () => undefined });
    authApp = initializeApp({ projectId: emulatorHosts().projectId }, `cases-auth-${process.pid}`);
  });
  afterAll(async () => {
    await host?.close();
    if (authApp) await deleteApp(authApp);
  });

  // The mail poll is slow: the e-mails stay queued where the tests read them.
  const platform = usePlatform({ per: 'file', env: () => ({ LEDGERDESK_BACKEND_URL: host.url, LEDGERDESK_MAIL_POLL_MS: '600000' }) });
  const casey = DEMO_CUSTOMER.uid;
  const now = Date.now();

  beforeAll(async () => {
    const { db } = platform;
    await db.doc(`users/${casey}`).set({
      fullname: 'Casey Customer',
      email: DEMO_CUSTOMER.email,
      balance: 500,
      Totalwithdrawal: 0,
      withdrawalLimit: 10_000,
      kyc: { status: 'pending', fullName: 'Casey Customer', expiryDate: Timestamp.fromMillis(now + 86_400_000 * 365) },
      timestamp: Timestamp.fromMillis(now - 86_400_000 * 30)
    });
    await db.doc('users/old-kyc').set({
      fullname: 'Olga Old',
      email: 'olga@example.com',
      kyc: { status: 'approved', expiryDate: Timestamp.fromMillis(now - 86_400_000) },
      timestamp: Timestamp.fromMillis(now - 86_400_000 * 400)
    });
    await db.doc('users/fresh-kyc').set({
      fullname: 'Fred Fresh',
      email: 'fred@example.com',
      kyc: { status: 'approved', expiryDate: Timestamp.fromMillis(now + 86_400_000) },
      timestamp: Timestamp.fromMillis(now - 86_400_000 * 10)
    });
    await db.doc('withdrawals/wd-casey').set({
      userId: casey,
      email: DEMO_CUSTOMER.email,
      amount: 120,
      cryptoType: 'ETHEREUM',
      walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
      status: 'pending',
      createdAt: Timestamp.fromMillis(now - 60_000)
    });
  });

  it('keeps notes append-only, newest first, one per action however often it is sent, and shows the latest in the risk facts', async () => {
    const call = typed(platform.app);
    const first = randomUUID();
    expect(await call('users.addNote', { id: casey, text: 'Called the customer: the new address is theirs.', operationId: first })).toMatchObject({
      ok: true,
      value: { message: 'Note added.' }
    });
    // The same action sent again (a lost reply) adds nothing.
    expect(await call('users.addNote', { id: casey, text: 'Called the customer: the new address is theirs.', operationId: first })).toMatchObject({ ok: true });
    await call('users.addNote', { id: casey, text: 'Correction: the address belongs to their exchange account.', operationId: randomUUID() });

    const notes = await call('users.notes', { id: casey });
    expect(notes.ok && notes.value.rows.map((note) => note.text)).toEqual([
      'Correction: the address belongs to their exchange account.',
      'Called the customer: the new address is theirs.'
    ]);
    expect(notes.ok && notes.value.total).toBe(2);
    expect(notes.ok && notes.value.rows[0]?.adminEmail).toBe('admin@ledgerdesk.test');
    // One note a page: the second page holds the older note, and nothing follows it.
    const newest = await call('users.notes', { id: casey, pageSize: 1 });
    const older = await call('users.notes', { id: casey, pageSize: 1, cursor: (newest.ok && newest.value.nextCursor) || undefined });
    expect(older.ok && older.value.rows.map((note) => note.text)).toEqual(['Called the customer: the new address is theirs.']);
    expect(older.ok && older.value.nextCursor).toBeNull();
    const stored = await platform.db.doc(`users/${casey}/notes/${first}`).get();
    expect(stored.data()).toMatchObject({ operationId: first, adminEmail: 'admin@ledgerdesk.test' });
    expect((await platform.db.doc(`auditLog/${first}`).get()).data()).toMatchObject({ action: 'user.note', userIds: [casey] });

    const risk = await call('withdrawals.risk', { id: 'wd-casey' });
    expect(risk.ok && risk.value.latestNote?.text).toBe('Correction: the address belongs to their exchange account.');
    expect(await call('users.addNote', { id: 'nobody', text: 'x', operationId: randomUUID() })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('suspends through the backend host (sign-in disabled, record flagged, audited), then an approval needs an override; unsuspend reverses both', async () => {
    const call = typed(platform.app);
    const auth = getAuth(authApp);
    const operationId = randomUUID();
    const reason = 'Account looks taken over: new device and address.';
    expect(await call('users.suspend', { id: casey, reason, operationId })).toMatchObject({ ok: true });
    expect((await auth.getUser(casey)).disabled).toBe(true);
    const flagged = (await platform.db.doc(`users/${casey}`).get()).data();
    expect(flagged).toMatchObject({ suspended: true, suspension: { reason, adminEmail: 'admin@ledgerdesk.test', operationId } });
    expect((await platform.db.doc(`auditLog/${operationId}`).get()).data()).toMatchObject({ action: 'user.suspend', reason, userIds: [casey] });
    // Sent again after a lost reply: answered, nothing more.
    expect(await call('users.suspend', { id: casey, reason, operationId })).toMatchObject({ ok: true });
    expect(await call('users.suspend', { id: casey, reason, operationId: randomUUID() })).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT', message: 'This customer is already suspended.' }
    });
    const profile = await call('users.profile', { id: casey });
    expect(profile.ok && profile.value.suspension).toMatchObject({ reason, by: 'admin@ledgerdesk.test' });
    expect(await call('users.suspendedAmong', { ids: [casey, 'old-kyc'], emails: ['fred@example.com', DEMO_CUSTOMER.email] })).toEqual({
      ok: true,
      value: { ids: [casey], emails: [DEMO_CUSTOMER.email] }
    });

    const risk = await call('withdrawals.risk', { id: 'wd-casey' });
    expect(risk.ok && risk.value.warnings[0]).toEqual({ code: 'suspended', message: `Casey Customer is suspended: ${reason}` });
    const refused = await call('withdrawals.preview', { id: 'wd-casey', status: 'approved' });
    expect(refused.ok && refused.value).toMatchObject({ allowed: false, refusal: { code: 'CONFLICT' }, overrides: [`Casey Customer is suspended: ${reason}`] });
    expect(await call('withdrawals.setStatus', { id: 'wd-casey', status: 'approved', operationId: randomUUID() })).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT', message: expect.stringContaining('needs an override reason') }
    });
    const preview = await call('withdrawals.preview', { id: 'wd-casey', status: 'approved', overrideReason: 'Customer confirmed by phone.' });
    expect(preview.ok && preview.value.allowed).toBe(true);
    const approval = randomUUID();
    const approved = await call('withdrawals.setStatus', {
      id: 'wd-casey',
      status: 'approved',
      operationId: approval,
      version: preview.ok ? preview.value.version : '',
      overrideReason: 'Customer confirmed by phone.'
    });
    expect(approved).toMatchObject({ ok: true });
    expect((await platform.db.doc(`auditLog/${approval}`).get()).data()).toMatchObject({
      overrideReason: 'Customer confirmed by phone.',
      notes: expect.arrayContaining([`Approved with an override: Casey Customer is suspended: ${reason}`])
    });

    const lift = randomUUID();
    expect(await call('users.unsuspend', { id: casey, reason: 'Identity confirmed on a video call.', operationId: lift })).toMatchObject({ ok: true });
    expect((await auth.getUser(casey)).disabled).toBe(false);
    const after = (await platform.db.doc(`users/${casey}`).get()).data();
    expect(after?.suspended).toBe(false);
    expect(after?.suspension).toBeUndefined();
    expect((await platform.db.doc(`auditLog/${lift}`).get()).data()).toMatchObject({ action: 'user.unsuspend', reason: 'Identity confirmed on a video call.' });
  });

  it('rejects KYC with a reason, asks for named documents again (its own status) and approves, e-mailing the customer each time', async () => {
    const call = typed(platform.app);
    expect(await call('users.decideKyc', { id: casey, status: 'rejected', operationId: randomUUID() })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION' }
    });
    expect(await call('users.decideKyc', { id: casey, status: 'rejected', reason: 'the document has expired', operationId: randomUUID() })).toMatchObject({
      ok: true,
      value: { message: 'KYC rejected.' }
    });
    expect(
      await call('users.decideKyc', {
        id: casey,
        status: 'resubmissionRequested',
        documents: ['idBack', 'selfie'],
        reason: 'The photo was cut off.',
        operationId: randomUUID()
      })
    ).toMatchObject({ ok: true, value: { message: 'Resubmission requested.' } });
    const kyc = (await platform.db.doc(`users/${casey}`).get()).get('kyc') as Record<string, unknown>;
    expect(kyc).toMatchObject({ status: 'resubmissionRequested', requestedDocuments: ['idBack', 'selfie'] });
    expect(await call('users.decideKyc', { id: casey, status: 'approved', operationId: randomUUID() })).toMatchObject({ ok: true });

    const mail = (await platform.db.collection('mailOutbox').where('to', '==', DEMO_CUSTOMER.email).get()).docs.map((d) => d.data());
    const byKind = (kind: string) => mail.find((m) => m.kind === kind);
    expect(byKind('kycRejected')?.text).toContain('Reason: The document has expired.');
    expect(byKind('kycResubmission')?.text).toContain('Back of your ID document');
    expect(byKind('kycResubmission')?.text).toContain('A selfie holding your ID document');
    expect(byKind('kycResubmission')?.text).toContain('The photo was cut off.');
    expect(byKind('kycApproved')?.subject).toBe('Identity Verification Approved');
  });

  it('counts and lists the approved KYC whose expiry date has passed', async () => {
    const call = typed(platform.app);
    const counted = await call('users.verificationCounts', {});
    expect(counted.ok && counted.value.kyc.expired).toBe(1);
    const figure = await call('dashboard.figure', { figure: 'kyc.expired' });
    expect(figure.ok && figure.value.value).toBe(1);
    const listed = await call('users.list', { kyc: 'expired' });
    expect(listed.ok && listed.value.rows.map((row) => row.id)).toEqual(['old-kyc']);
    expect(await call('users.count', { kyc: 'expired' })).toMatchObject({ ok: true, value: { total: 1 } });
  });
});
