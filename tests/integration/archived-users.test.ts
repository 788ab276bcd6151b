import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackendHost, type RunningBackendHost } from '../../server/host';
import type { DeletedCustomerRow, Output } from '../../src/shared/contract';
import type { Result } from '../../src/shared/result';
import { DEMO_ADMIN } from '../../tools/devenv/demo-accounts';
import { at, typed, usePlatform } from '../support/integration/moneyFixtures';
import { emulatorHosts, freePort } from '../support/integration/emulatorHosts';

/**
 * Deleted customers kept on record (docs/product-rules.md §6.6) on the emulators: three customers
 * deleted through Ledgerdesk and the real backend host, then read back as Manage Users' "Deleted
 * customers" reads them (archivedUsers.list, newest deletion first, by cursor), one at a time
 * (archivedUsers.get) and their KYC (archivedUsers.kyc).
 */

const KYC = {
  fullName: 'Ann Archer',
  idType: 'Passport',
  idNumber: 'AB1234567',
  country: 'Portugal',
  address: '12 Rua Augusta, Lisbon',
  status: 'approved',
  dob: at('1985-03-14T00:00:00Z'),
  expiryDate: at('2031-06-30T00:00:00Z'),
  idFrontURL: 'https://storage.example.com/kyc/ann/front.jpg',
  idBackURL: 'https://storage.example.com/kyc/ann/back.jpg',
  selfieURL: 'https://storage.example.com/kyc/ann/selfie.jpg'
};

/** Deleted in this order (Cy with force: she still holds $25), so the list shows Cy, Bob, Ann. */
const DELETIONS = [
  {
    id: 'ann',
    reason: 'Account closed at the customer’s request',
    force: false,
    user: {
      fullname: 'Ann Archer',
      email: 'ann@example.com',
      balance: 0,
      Totaldeposit: 1500,
      Totalwithdrawal: 1799.75,
      totalearnings: 300.25,
      TotalBonus: 10,
      verified: true,
      kyc: KYC
    }
  },
  {
    id: 'bob',
    reason: 'Duplicate account of another customer',
    force: false,
    user: { fullname: 'Bob Barker', email: 'bob@example.com', balance: 0, Totaldeposit: 200, Totalwithdrawal: 200 }
  },
  {
    id: 'cy',
    reason: 'Fraud confirmed by the compliance team',
    force: true,
    user: { fullname: 'Cy Cole', email: 'cy@example.com', balance: 25, Totaldeposit: 25, Totalwithdrawal: 0 }
  }
] as const;

const YEAR_MS = 365.25 * 24 * 3600 * 1000;

describe('deleted customers kept on record, read through Ledgerdesk', () => {
  let port = 0;
  let host: RunningBackendHost | null = null;
  beforeAll(async () => {
    port = await freePort();
  });
  const platform = usePlatform({ per: 'file', env: () => ({ LEDGERDESK_BACKEND_URL: `http://127.0.0.1:${port}` }) });
  const call = () => typed(platform.app);
  /** When each deletion was asked for and answered. */
  const windows = new Map<string, { from: number; to: number }>();

  beforeAll(async () => {
    host = await startBackendHost({ projectId: emulatorHosts().projectId, smtpUrl: 'smtp://127.0.0.1:9', port, log: () => undefined });
    for (const { id, user } of DELETIONS) await platform.db.doc(`users/${id}`).set({ ...user, timestamp: at('2025-01-01T00:00:00Z') });
    // One after another, so each deletion is newer than the one before.
    for (const { id, reason, force } of DELETIONS) {
      const from = Date.now();
      const deleted = await call()('users.delete', { operationId: randomUUID(), id, reason, ...(force ? { force } : {}) });
      expect(deleted, id).toEqual({ ok: true, value: { message: 'User has been deleted.' } });
      windows.set(id, { from, to: Date.now() });
    }
  });
  afterAll(async () => {
    await host?.close();
  });

  const page = async (input: { pageSize: number; cursor?: string }): Promise<Output<'archivedUsers.list'>> => {
    const answer: Result<Output<'archivedUsers.list'>> = await call()('archivedUsers.list', input);
    if (!answer.ok) throw new Error(answer.error.message);
    return answer.value;
  };

  const expectedRow = (id: (typeof DELETIONS)[number]['id']) => {
    const { reason, force, user } = DELETIONS.find((d) => d.id === id)!;
    return {
      id,
      fullname: user.fullname,
      email: user.email,
      reason,
      force,
      adminEmail: DEMO_ADMIN.email,
      balance: user.balance,
      Totaldeposit: user.Totaldeposit,
      Totalwithdrawal: user.Totalwithdrawal
    };
  };

  it('lists them newest deletion first, two pages of two by cursor with nobody twice, each with the reason, the figures and the date kept until', async () => {
    const first = await page({ pageSize: 2 });
    expect(first.rows.map((r) => r.id)).toEqual(['cy', 'bob']);
    expect(first.nextCursor).not.toBeNull();
    const second = await page({ pageSize: 2, cursor: first.nextCursor! });
    expect(second.rows.map((r) => r.id)).toEqual(['ann']);
    expect(second.nextCursor).toBeNull();

    const rows: DeletedCustomerRow[] = [...first.rows, ...second.rows];
    for (const row of rows) {
      expect(row, row.id).toMatchObject(expectedRow(row.id as 'ann' | 'bob' | 'cy'));
      // Deleted when Ledgerdesk asked (server time: a few seconds' leeway for the emulator's clock), kept 5 years from then.
      const asked = windows.get(row.id)!;
      const deletedAt = Date.parse(row.deletedAt!);
      expect(deletedAt, row.id).toBeGreaterThan(asked.from - 5_000);
      expect(deletedAt, row.id).toBeLessThan(asked.to + 5_000);
      const retainUntil = new Date(row.retainUntil!);
      expect(retainUntil.getUTCFullYear() - new Date(deletedAt).getUTCFullYear(), row.id).toBe(5);
      expect(Math.abs(retainUntil.getTime() - deletedAt - 5 * YEAR_MS), row.id).toBeLessThan(2 * 24 * 3600 * 1000);
    }
    // Ann's other figures and her KYC's presence come from the document as it was deleted.
    expect(rows.find((r) => r.id === 'ann')).toMatchObject({ totalearnings: 300.25, TotalBonus: 10, verified: true, hasKyc: true, kycStatus: 'approved' });
    expect(rows.find((r) => r.id === 'bob')).toMatchObject({ verified: false, hasKyc: false, kycStatus: null });
  });

  it('answers one kept customer and the KYC they had submitted, image URLs included; an unknown id is NOT_FOUND', async () => {
    const listed = [...(await page({ pageSize: 25 })).rows];
    for (const { id } of DELETIONS) {
      const one = await call()('archivedUsers.get', { id });
      expect(one, id).toEqual({ ok: true, value: listed.find((r) => r.id === id) });
      expect(one.ok && one.value, id).toMatchObject(expectedRow(id));
    }

    expect(await call()('archivedUsers.kyc', { id: 'ann' })).toEqual({
      ok: true,
      value: { ...KYC, dob: '1985-03-14T00:00:00.000Z', expiryDate: '2031-06-30T00:00:00.000Z' }
    });
    // Bob never submitted KYC.
    expect(await call()('archivedUsers.kyc', { id: 'bob' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });

    // Nobody was deleted under this id; and a current customer is not a deleted one.
    await platform.db.doc('users/still-here').set({ fullname: 'Still Here', email: 'here@example.com', kyc: KYC });
    for (const id of ['nobody-deleted', 'still-here']) {
      expect(await call()('archivedUsers.get', { id }), id).toEqual({
        ok: false,
        error: { code: 'NOT_FOUND', message: 'No deleted customer is kept with this id.' }
      });
      expect(await call()('archivedUsers.kyc', { id }), id).toEqual({
        ok: false,
        error: { code: 'NOT_FOUND', message: 'No deleted customer is kept with this id.' }
      });
    }
  });
});
