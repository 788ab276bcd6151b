import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MainServices } from '../../src/main/compose';
import { DEMO_ADMIN } from '../../tools/devenv/demo-accounts';
import { startDemoPlatform, type DemoPlatform } from '../../tools/devenv/demo-platform';
import { at, signedInApp, typed, usePlatform } from '../support/integration/moneyFixtures';
import { emulatorHosts } from '../support/integration/emulatorHosts';

describe('customers against the emulators', () => {
  let queries: string[] = [];
  beforeEach(() => {
    queries = [];
  });
  const platform = usePlatform({ options: { onQuery: (label) => queries.push(label) } });

  const balance = async (id: string) => (await platform.db.doc(`users/${id}`).get()).get('balance');

  it('adjusts in cents (0.1 + 0.2 -> 0.30), audited with the reason', async () => {
    await platform.db.doc('users/ann').set({ fullname: 'Ann Lee', email: 'ann@example.com', balance: 0.1 });
    const result = await typed(platform.app)('users.adjust', {
      operationId: randomUUID(),
      id: 'ann',
      field: 'balance',
      operation: 'add',
      amount: 0.2,
      reason: 'Goodwill',
      allowNegative: false
    });
    expect(result).toMatchObject({ ok: true, value: { message: 'Balance updated to $0.30' } });
    expect(await balance('ann')).toBe(0.3);
    const [entry] = (await platform.db.collection('auditLog').get()).docs;
    expect(entry?.data()).toMatchObject({ kind: 'user', reason: 'Goodwill', after: { 'users/ann.balance': 0.3 } });
  });

  it('keeps both of two concurrent Adds on one field from two clients', async () => {
    await platform.db.doc('users/ann').set({ fullname: 'Ann Lee', balance: 100 });
    const other = await signedInApp();
    try {
      const add = (client: MainServices, amount: number) =>
        typed(client)('users.adjust', {
          operationId: randomUUID(),
          id: 'ann',
          field: 'balance',
          operation: 'add',
          amount,
          reason: 'Top-up',
          allowNegative: false
        });
      const results = await Promise.all([add(platform.app, 10.1), add(other, 20.2), add(platform.app, 0.3), add(other, 0.4)]);
      expect(results.every((r) => r.ok)).toBe(true);
      expect(await balance('ann')).toBe(131);
      expect((await platform.db.collection('auditLog').get()).size).toBe(4);
    } finally {
      await other.dispose();
    }
  });

  it('a result below zero needs the explicit second confirmation', async () => {
    await platform.db.doc('users/ann').set({ balance: 5 });
    const input = { id: 'ann', field: 'balance' as const, operation: 'subtract' as const, amount: 8, reason: 'Chargeback' };
    const refused = await typed(platform.app)('users.adjust', { operationId: randomUUID(), ...input, allowNegative: false });
    expect(refused.ok ? null : refused.error.code).toBe('CONFLICT');
    expect(await balance('ann')).toBe(5);
    expect((await typed(platform.app)('users.adjust', { operationId: randomUUID(), ...input, allowNegative: true })).ok).toBe(true);
    expect(await balance('ann')).toBe(-3);
  });

  it('toggles verification and decides KYC, each audited', async () => {
    await platform.db.doc('users/ann').set({ verified: false, kyc: { status: 'pending', fullName: 'Ann Lee', dob: at('1990-05-04T00:00:00Z') } });
    expect(await typed(platform.app)('users.setVerified', { operationId: randomUUID(), id: 'ann', verified: true })).toMatchObject({
      ok: true,
      value: { message: 'User verified successfully!' }
    });
    expect((await platform.db.doc('users/ann').get()).get('verified')).toBe(true);
    expect((await typed(platform.app)('users.decideKyc', { operationId: randomUUID(), id: 'ann', status: 'approved' })).ok).toBe(true);
    const kyc = await typed(platform.app)('users.kyc', { id: 'ann' });
    expect(kyc).toMatchObject({ ok: true, value: { status: 'approved', fullName: 'Ann Lee', dob: '1990-05-04T00:00:00.000Z', expiryDate: null } });
    expect((await platform.db.collection('auditLog').get()).size).toBe(2);
  });

  it('lists 100 per page newest first, never sends passwords, counts password fields, and searches beyond the page', async () => {
    const batch = platform.db.batch();
    for (let i = 0; i < 120; i++) {
      batch.set(platform.db.doc(`users/u${String(i).padStart(3, '0')}`), {
        fullname: i === 0 ? 'Oldest Customer' : `Customer ${i}`,
        email: i === 0 ? 'oldest.customer@example.com' : `c${i}@example.com`,
        ...(i % 3 === 0 ? { password: 'plain-text' } : {}),
        timestamp: at(new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString())
      });
    }
    await batch.commit();
    const page = await typed(platform.app)('users.list', {});
    if (!page.ok) throw new Error(page.error.message);
    expect(page.value.rows).toHaveLength(100);
    expect(page.value.rows[0]?.id).toBe('u119');
    expect(JSON.stringify(page.value)).not.toContain('plain-text');
    expect(page.value.rows.some((r) => r.id === 'u000')).toBe(false);
    expect(page.value.total).toBeNull(); // counted apart, so the rows never wait for it
    await platform.db.doc('users/undated').set({ fullname: 'No Timestamp' });
    expect(await typed(platform.app)('users.count', {})).toEqual({ ok: true, value: { total: 120, unlisted: 1 } });

    expect(await typed(platform.app)('users.passwordNotice', {})).toEqual({ ok: true, value: { withPasswordField: 40 } });

    for (const text of ['oldest.cus', 'OLDEST.CUSTOMER@', 'Oldest Customer', 'oldest customer']) {
      const found = await typed(platform.app)('users.search', { text });
      expect(found.ok && found.value.rows.map((r) => r.id), text).toEqual(['u000']);
    }
    // One search reads at most 20 documents over all its prefix queries.
    const broad = await typed(platform.app)('users.search', { text: 'c' });
    if (!broad.ok) throw new Error(broad.error.message);
    expect(broad.value.queries.reduce((sum, q) => sum + q.documents, 0)).toBeLessThanOrEqual(20);
    expect(broad.value.queries.map((q) => q.field)).toEqual(['email', 'fullname']);
    expect(broad.value.rows.length).toBeGreaterThanOrEqual(10); // the two queries overlap: the same customers match both
  });

  it('shows referrer names from one batched lookup per page, "Unknown" when nobody matches', async () => {
    const batch = platform.db.batch();
    batch.set(platform.db.doc('users/rita'), { fullname: 'Rita Referrer', myReferralId: 'REFRITA' });
    batch.set(platform.db.doc('users/carl'), { email: 'carl@example.com', myReferralId: 'REFCARL' });
    for (let i = 0; i < 12; i++) {
      const referrerId = i % 4 === 0 ? 'rita' : i % 4 === 1 ? 'REFCARL' : i % 4 === 2 ? 'ghost' : 'rita';
      batch.set(platform.db.doc(`referrals/r${String(i).padStart(2, '0')}`), {
        referrerId,
        name: `Client ${i}`,
        email: `client${i}@example.com`,
        timestamp: at(new Date(Date.UTC(2026, 0, 1, i)).toISOString())
      });
    }
    await batch.commit();

    queries = [];
    const page = await typed(platform.app)('referrals.list', {});
    if (!page.ok) throw new Error(page.error.message);
    expect(page.value.rows).toHaveLength(10);
    const byClient = new Map(page.value.rows.map((r) => [r.clientName, r.referrerName]));
    expect(byClient.get('Client 11')).toBe('Rita Referrer');
    expect(byClient.get('Client 9')).toBe('carl@example.com');
    expect(byClient.get('Client 10')).toBe('Unknown');
    expect(page.value.rows.every((r) => r.clientStatus === 'Active')).toBe(true);
    // One page read, one lookup by document id, one fallback by referral code: never one per row.
    expect(queries).toEqual(['referrals page', 'referrers by document id', 'referrers by referral code']);

    queries = [];
    const next = await typed(platform.app)('referrals.list', { cursor: page.value.nextCursor });
    expect(next.ok && next.value.rows.map((r) => r.clientName)).toEqual(['Client 1', 'Client 0']);
    expect(queries.length).toBeLessThanOrEqual(3);
  });
});

describe('deleting a customer through the backend host', () => {
  // The in-process backend host first: the app is started pointing at it.
  let mail: DemoPlatform;
  beforeEach(async () => {
    mail = await startDemoPlatform({ projectId: emulatorHosts().projectId, mailDir: mkdtempSync(join(tmpdir(), 'ld-del-')), handlers: false });
  });
  afterEach(async () => mail?.close());
  const platform = usePlatform({ env: () => ({ LEDGERDESK_BACKEND_URL: mail.backendUrl }) });

  it('removes the document, writes the audit entry, and passes on the host refusing the administrator', async () => {
    const { db, app } = platform;
    await db.doc('users/doomed').set({ fullname: 'Doomed Customer', email: 'doomed@example.com', password: 'secret' });
    const reason = 'Account closed at the customer’s request';
    expect(await typed(app)('users.delete', { operationId: randomUUID(), id: 'doomed', reason })).toEqual({
      ok: true,
      value: { message: 'User has been deleted.' }
    });
    expect((await db.doc('users/doomed').get()).exists).toBe(false);
    // Kept on record, with the reason and who deleted it; never the password.
    const archived = (await db.doc('archivedUsers/doomed').get()).data();
    expect(archived).toMatchObject({
      reason,
      adminEmail: DEMO_ADMIN.email,
      user: { fullname: 'Doomed Customer', email: 'doomed@example.com' },
      hadPasswordField: true
    });
    expect(JSON.stringify(archived)).not.toContain('secret');
    const entries = (await db.collection('auditLog').get()).docs.map((d) => d.data());
    expect(entries).toEqual([expect.objectContaining({ kind: 'user', action: 'user.delete', entityPath: 'users/doomed', adminEmail: DEMO_ADMIN.email })]);
    expect(JSON.stringify(entries)).not.toContain('secret');

    const self = await typed(app)('users.delete', { operationId: randomUUID(), id: DEMO_ADMIN.uid, reason });
    expect(self).toEqual({ ok: false, error: { code: 'CONFLICT', message: "The administrator's account cannot be deleted." } });
    const unknown = await typed(app)('users.delete', { operationId: randomUUID(), id: 'nobody-here', reason });
    expect(unknown).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'No customer with id nobody-here.' } });
  });
});
