import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { depositLock, withdrawalLock } from '../../src/shared/domain/statuses';
import { at, NO_BACKEND, typed, usePlatform } from '../support/integration/moneyFixtures';

// Status rules that refuse what they do not recognise (issue 10, part 2), against the real emulators.
// No backend host here: e-mails stay in the outbox, which is what we count.

describe('status rules against the emulators', () => {
  const platform = usePlatform({ fixtures: true, env: NO_BACKEND });

  const call = () => typed(platform.app);
  const field = async (path: string, name: string) => (await platform.db.doc(path).get()).get(name);
  const count = async (name: string) => (await platform.db.collection(name).get()).size;
  const auditNotes = async (): Promise<string[]> => {
    const entries = (await platform.db.collection('auditLog').get()).docs;
    expect(entries).toHaveLength(1);
    return entries[0]!.get('notes') as string[];
  };
  const approveDeposit = (id: string) => call()('deposits.setStatus', { operationId: randomUUID(), id, status: 'success' });

  /** A pending deposit of Dana's (123.45) linked to investments/inv-x, written as given. */
  const linked = async (investment: Record<string, unknown>) => {
    await platform.db.doc('investments/inv-x').set({ plan: 'Gold', createdAt: at('2026-01-02T00:00:00Z'), ...investment });
    await platform.db.doc('deposits/dep-x').set({
      userId: 'dana',
      userEmail: 'dana@example.com',
      method: 'BITCOIN',
      amount: 123.45,
      status: 'pending',
      investmentId: 'inv-x',
      timestamp: at('2026-01-03T00:00:00Z')
    });
  };

  describe('the investment a deposit activates', () => {
    it('activates a pending investment of the same customer (by userId) for the same amount', async () => {
      await linked({ userId: 'dana', email: 'someone-else@example.com', amount: 123.45, status: 'pending' });
      expect((await approveDeposit('dep-x')).ok).toBe(true);
      expect(await field('investments/inv-x', 'status')).toBe('active');
    });

    it.each([
      [
        'another customer by userId',
        { userId: 'wes', email: 'dana@example.com', amount: 123.45, status: 'pending' },
        'it belongs to another customer (userId "wes", the depositor is dana)'
      ],
      [
        'another customer by e-mail',
        { email: 'wes@example.com', amount: 123.45, status: 'pending' },
        'it belongs to another customer (email "wes@example.com", the depositor is dana@example.com)'
      ],
      ['a different amount', { userId: 'dana', amount: 123.4, status: 'pending' }, 'its amount $123.40 is not the deposit amount $123.45'],
      ['a cancelled investment', { userId: 'dana', amount: 123.45, status: 'cancelled' }, 'its status is "cancelled", not "pending"']
    ])('leaves %s as it is, still approves the deposit and notes why', async (_label, investment, why) => {
      await linked(investment);
      const result = await approveDeposit('dep-x');
      expect(result.ok).toBe(true);
      expect(await field('deposits/dep-x', 'status')).toBe('success');
      expect(await field('users/dana', 'Totaldeposit')).toBe(223.55);
      expect(await field('investments/inv-x', 'status')).toBe(investment.status);
      const note = `The linked investment investments/inv-x was left as it is: ${why}. The deposit was still approved.`;
      if (result.ok) expect(result.value.notes).toContain(note);
      expect(await auditNotes()).toContain(note);
    });
  });

  describe('the referral bonus', () => {
    it('pays nothing when two customers share the referral id, and says how many', async () => {
      await platform.db.doc('users/rita2').set({ fullname: 'Rita Twin', email: 'rita2@example.com', balance: 3, myReferralId: 'REFRITA' });
      const result = await approveDeposit('dep-linked');
      expect(result.ok).toBe(true);
      expect(await field('users/dana', 'Totaldeposit')).toBe(223.55);
      expect(await field('users/rita', 'balance')).toBe(10);
      expect(await field('users/rita2', 'balance')).toBe(3);
      const notes = await auditNotes();
      expect(notes).toContain('The referral id REFRITA is ambiguous: 2 customers share it (users/rita, users/rita2), so no referral bonus was paid.');
      const mail = (await platform.db.collection('mailOutbox').get()).docs.map((d) => d.get('subject'));
      expect(mail).toEqual(['Investment Successfully Activated']);
    });

    it('notes a referral code that is not usable text, and pays nothing', async () => {
      await platform.db.doc('users/dana').update({ referreduserid: 4711 });
      const result = await approveDeposit('dep-linked');
      expect(result.ok).toBe(true);
      expect(await field('users/rita', 'balance')).toBe(10);
      expect(await auditNotes()).toContain("The depositor's referral code (referreduserid) is not usable text (4711), so no referral bonus was paid.");
    });

    it('still pays the one customer who carries the code', async () => {
      expect((await approveDeposit('dep-linked')).ok).toBe(true);
      expect(await field('users/rita', 'balance')).toBe(16.17);
    });
  });

  describe('statuses Ledgerdesk does not recognise', () => {
    it.each([['Success'], ['approved'], [2], [true]])(
      'a deposit stored as %j is refused as CONFLICT naming it, and the row shows it locked',
      async (status) => {
        await platform.db.doc('deposits/dep-linked').update({ status });
        const result = await approveDeposit('dep-linked');
        expect(result).toEqual({ ok: false, error: { code: 'CONFLICT', message: depositLock(status) } });
        expect(result.ok ? '' : result.error.message).toContain(typeof status === 'string' ? `"${status}"` : String(status));
        expect(await field('users/dana', 'Totaldeposit')).toBe(100.1);
        expect(await count('auditLog')).toBe(0);

        const page = await call()('deposits.list', {});
        const row = page.ok ? page.value.rows.find((r) => r.id === 'dep-linked') : undefined;
        expect(row).toBeDefined();
        expect(depositLock(row!.status)).toContain(`"${String(status)}"`);
      }
    );

    it.each([['cancelled'], ['Rejected']])('a withdrawal stored as %j is refused as CONFLICT naming it, and nothing is refunded', async (status) => {
      await platform.db.doc('withdrawals/wd-reject').update({ status });
      const result = await call()('withdrawals.setStatus', { operationId: randomUUID(), id: 'wd-reject', status: 'rejected' });
      expect(result).toEqual({ ok: false, error: { code: 'CONFLICT', message: withdrawalLock(status) } });
      expect(await field('users/wes', 'balance')).toBe(40.1);
      expect(await count('auditLog')).toBe(0);
    });
  });

  describe('the platform spelling Totalwithdrawals', () => {
    it('moves in step with Totalwithdrawal when the customer document has it as a number', async () => {
      await platform.db.doc('users/wes').update({ Totalwithdrawals: 990.1 });
      const result = await call()('withdrawals.setStatus', { operationId: randomUUID(), id: 'wd-approve', status: 'approved' });
      expect(result.ok).toBe(true);
      expect(await field('users/wes', 'Totalwithdrawal')).toBe(1250);
      expect(await field('users/wes', 'Totalwithdrawals')).toBe(1240.1);
    });

    it('is not created where the customer document does not have it', async () => {
      expect((await call()('withdrawals.setStatus', { operationId: randomUUID(), id: 'wd-approve', status: 'approved' })).ok).toBe(true);
      expect(await field('users/wes', 'Totalwithdrawal')).toBe(1250);
      expect(await field('users/wes', 'Totalwithdrawals')).toBeUndefined();
    });
  });

  describe('amounts and ids', () => {
    it('refuses a deposit above $1,000,000,000.00 as VALIDATION naming the field, and writes nothing', async () => {
      await platform.db.doc('deposits/dep-linked').update({ amount: 2_000_000_000 });
      expect(await approveDeposit('dep-linked')).toEqual({
        ok: false,
        error: { code: 'VALIDATION', message: 'The deposit amount is more than $1,000,000,000.00 (2000000000).' }
      });
      expect(await field('users/dana', 'Totaldeposit')).toBe(100.1);
      expect(await count('auditLog')).toBe(0);
    });

    it('refuses a users.adjust whose result would pass the bound, and writes nothing', async () => {
      await platform.db.doc('users/dana').update({ balance: 999_999_999 });
      const result = await call()('users.adjust', {
        operationId: randomUUID(),
        id: 'dana',
        field: 'balance',
        operation: 'add',
        amount: 5,
        reason: 'Goodwill',
        allowNegative: false
      });
      expect(result.ok ? null : result.error.code).toBe('VALIDATION');
      expect(result.ok ? '' : result.error.message).toContain('Balance would become $1,000,000,004.00');
      expect(await field('users/dana', 'balance')).toBe(999_999_999);
      expect(await count('auditLog')).toBe(0);
    });

    it('users.kyc with x/sub/y is refused as VALIDATION and never reads the sub-collection document', async () => {
      await platform.db.doc('users/x/sub/y').set({ kyc: { status: 'pending', fullName: 'Not a customer' } });
      const result = await call()('users.kyc', { id: 'x/sub/y' });
      expect(result).toEqual({ ok: false, error: { code: 'VALIDATION', message: "Invalid input. id: A document id must not contain '/'." } });
    });
  });
});
