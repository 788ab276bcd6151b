import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackendHost, type RunningBackendHost } from '../../server/host';
import { startMainServices, type MainServices } from '../../src/main/compose';
import { verifyRecords } from '../../src/shared/domain/recordsCheck';
import { DEMO_ADMIN } from '../../tools/devenv/demo-accounts';
import { exportRecords } from '../../tools/records/export';
import { checkEd25519 } from '../../tools/records/verify';
import { demoEnv, emulatorHosts, freshDataDir } from '../support/integration/emulatorHosts';
import { adminDb, freshPlatform, typed } from '../support/integration/moneyFixtures';

// The audit chain end to end (docs/product-rules.md §16.6): the desktop's sign-in and decisions
// (client SDK, under firestore.rules) and the backend host's suspension and deletion (firebase-admin)
// append to one chain; an export read back with firebase-admin verifies clean.
describe('the audit chain across the desktop and the backend host', () => {
  let host: RunningBackendHost;
  let app: MainServices;
  let admin: ReturnType<typeof adminDb>;

  beforeAll(async () => {
    admin = adminDb();
    await freshPlatform();
    await Promise.all(
      ['ann', 'sue', 'dora'].map((id) =>
        admin.db.doc(`users/${id}`).set({ fullname: id.toUpperCase(), email: `${id}@example.com`, balance: 0, Totaldeposit: 0, verified: false })
      )
    );
    host = await startBackendHost({ projectId: emulatorHosts().projectId, smtpUrl: 'smtp://127.0.0.1:9', port: 0, log: () => undefined });
    app = await startMainServices({ transport: 'browser', dataDir: freshDataDir(), version: 'test', env: demoEnv({ LEDGERDESK_BACKEND_URL: host.url }) });
    const signedIn = await app.dispatch('session.signIn', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, rememberMe: false });
    if (!signedIn.ok) throw new Error(signedIn.error.message);
    await app.accessSettled();
  });
  afterAll(async () => {
    await app?.dispose();
    await host?.close();
    await admin?.close();
  });

  it('numbers every entry once, in commit order, and an export of them verifies clean; an edit is then found', async () => {
    const call = typed(app);
    const answers = await Promise.all([
      call('users.setVerified', { operationId: randomUUID(), id: 'ann', verified: true }),
      call('users.adjust', {
        operationId: randomUUID(),
        id: 'ann',
        field: 'Totaldeposit',
        operation: 'add',
        amount: 25,
        reason: 'Missed credit',
        allowNegative: false
      }),
      call('users.suspend', { operationId: randomUUID(), id: 'sue', reason: 'Card chargebacks under review.' }),
      call('users.delete', { operationId: randomUUID(), id: 'dora', reason: 'Account closed at the customer’s request.' })
    ]);
    expect(answers).toEqual([1, 2, 3, 4].map(() => expect.objectContaining({ ok: true })));

    const lines: string[] = [];
    await exportRecords(admin.db, (line) => lines.push(line));
    const documents = lines.map((line) => JSON.parse(line) as { path: string; data: Record<string, unknown> });
    const audit = documents.filter((doc) => doc.path.startsWith('auditLog/'));
    // The sign-in's entry and the four actions', the backend host's among them.
    expect(audit).toHaveLength(5);
    expect(audit.map((doc) => doc.data.seq).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(audit.map((doc) => doc.data.action)).toEqual(expect.arrayContaining(['user.suspend', 'user.delete']));
    expect(documents.find((doc) => doc.path === 'auditChain/head')?.data).toMatchObject({ seq: 5 });
    expect(verifyRecords({ documents, check: checkEd25519 })).toEqual({ checked: 5, broken: [] });

    const edited = audit.find((doc) => doc.data.seq === 3)!;
    const tampered = documents.map((doc) => (doc === edited ? { ...doc, data: { ...doc.data, summary: 'nothing happened' } } : doc));
    expect(verifyRecords({ documents: tampered, check: checkEd25519 }).broken).toEqual([{ path: edited.path, reason: expect.stringContaining('was changed') }]);
  });
});
