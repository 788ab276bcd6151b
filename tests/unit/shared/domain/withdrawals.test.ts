import { describe, expect, it } from 'vitest';
import { APPROVED_WITHDRAWAL_LOCKED, REJECTED_WITHDRAWAL_LOCKED, withdrawalLock, withdrawalStatuses } from '@shared/domain/statuses';
import { changeWithdrawalStatus, type WithdrawalChangeInput } from '@shared/domain/withdrawals';
import { customer, PLATFORM, withdrawal } from '../../../support/builders';

const input = (over: Partial<WithdrawalChangeInput> = {}): WithdrawalChangeInput => ({
  withdrawal: withdrawal(),
  withdrawer: customer('u1', { balance: 40.1, Totalwithdrawal: 1000 }),
  platformName: PLATFORM,
  ...over
});

describe('withdrawal status machine', () => {
  it('pending -> approved adds to Totalwithdrawal and e-mails the method, amount and wallet', () => {
    const result = changeWithdrawalStatus(input(), 'approved');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.changes).toEqual([
      { path: 'withdrawals/w1', set: { status: 'approved' } },
      { path: 'users/u1', set: { Totalwithdrawal: 1250 } }
    ]);
    expect(result.value.message).toBe('Withdrawal approved successfully!');
    const [mail] = result.value.emails;
    expect(mail).toMatchObject({ kind: 'withdrawalProcessed', to: 'u1@example.com', subject: 'Withdrawal Successfully Processed' });
    for (const part of [mail?.html, mail?.text]) {
      expect(part).toContain('ETHEREUM');
      expect(part).toContain('$250.00');
      expect(part).toContain('0xabc');
    }
  });

  it('pending -> rejected refunds the balance in cents and says why in the e-mail', () => {
    const result = changeWithdrawalStatus(input({ withdrawal: withdrawal({ amount: 0.2 }) }), 'rejected');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.changes).toContainEqual({ path: 'users/u1', set: { balance: 40.3 } });
    expect(result.value.message).toBe('Withdrawal rejected, amount added back to user balance.');
    expect(result.value.emails[0]).toMatchObject({ kind: 'withdrawalRejected', subject: 'Withdrawal Request Rejected' });
    expect(result.value.emails[0]?.text).toContain('did not meet the required conditions');
  });

  it('writes when the customer asked in the platform’s zone, named, in both e-mails; UTC when the zone is not given', () => {
    // 22:30 UTC on 28 March 2026: still the 28th in New York, already the 29th (and summer time) in Berlin.
    const asked = withdrawal({ createdAt: '2026-03-28T22:30:00.000Z' });
    const mail = (to: 'approved' | 'rejected', timeZone?: string) => {
      const result = changeWithdrawalStatus(input({ withdrawal: asked, ...(timeZone ? { timeZone } : {}) }), to);
      return result.ok ? result.value.emails[0] : undefined;
    };
    expect(mail('approved', 'Europe/Berlin')?.text).toMatch(/Requested: +Mar 28, 2026, 11:30 PM Europe\/Berlin/);
    expect(mail('approved', 'Europe/Berlin')?.html).toContain('Mar 28, 2026, 11:30 PM Europe/Berlin');
    expect(mail('rejected', 'America/New_York')?.text).toMatch(/Requested: +Mar 28, 2026, 6:30 PM America\/New_York/);
    expect(mail('rejected')?.text).toMatch(/Requested: +Mar 28, 2026, 10:30 PM UTC/);
    // A request time that cannot be read is left out, not guessed.
    const unread = changeWithdrawalStatus(input({ withdrawal: withdrawal({ createdAt: 'soon' }), timeZone: 'Europe/Berlin' }), 'approved');
    expect(unread.ok && unread.value.emails[0]?.text).not.toContain('Requested');
  });

  it.each(withdrawalStatuses)('an approved withdrawal is locked: -> %s gives the exact message', (to) => {
    expect(changeWithdrawalStatus(input({ withdrawal: withdrawal({ status: 'approved' }) }), to)).toEqual({
      ok: false,
      error: { code: 'CONFLICT', message: 'Cannot change status of an approved withdrawal.' }
    });
    expect(APPROVED_WITHDRAWAL_LOCKED).toBe('Cannot change status of an approved withdrawal.');
  });

  it.each(withdrawalStatuses)('a rejected withdrawal is final (no second refund): -> %s is refused', (to) => {
    expect(changeWithdrawalStatus(input({ withdrawal: withdrawal({ status: 'rejected' }) }), to)).toEqual({
      ok: false,
      error: { code: 'CONFLICT', message: REJECTED_WITHDRAWAL_LOCKED }
    });
  });

  it.each([['cancelled'], ['Rejected'], ['Approved'], ['success'], ['failed'], [7], [false]])(
    'refuses any change of a withdrawal stored with status %j, naming the stored value',
    (status) => {
      for (const to of withdrawalStatuses) {
        const result = changeWithdrawalStatus(input({ withdrawal: withdrawal({ status }) }), to);
        expect(result).toEqual({ ok: false, error: { code: 'CONFLICT', message: withdrawalLock(status) } });
        expect(result.ok ? '' : result.error.message).toContain(typeof status === 'string' ? `"${status}"` : String(status));
      }
    }
  );

  it.each([undefined, null, ''])('a withdrawal with no status (%j) may still be approved', (status) => {
    expect(changeWithdrawalStatus(input({ withdrawal: withdrawal({ status }) }), 'approved').ok).toBe(true);
  });

  it('approval keeps a numeric Totalwithdrawals in step with Totalwithdrawal', () => {
    const result = changeWithdrawalStatus(input({ withdrawer: customer('u1', { Totalwithdrawal: 1000, Totalwithdrawals: 990.1 }) }), 'approved');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.changes).toContainEqual({ path: 'users/u1', set: { Totalwithdrawal: 1250, Totalwithdrawals: 1240.1 } });
    expect(result.value.audit.before).toMatchObject({ 'users/u1.Totalwithdrawals': 990.1 });
    expect(result.value.audit.after).toMatchObject({ 'users/u1.Totalwithdrawals': 1240.1 });
  });

  it('leaves Totalwithdrawals alone where it is absent, and notes one that is not a number', () => {
    const absent = changeWithdrawalStatus(input(), 'approved');
    expect(absent.ok && absent.value.changes).toContainEqual({ path: 'users/u1', set: { Totalwithdrawal: 1250 } });
    const text = changeWithdrawalStatus(input({ withdrawer: customer('u1', { Totalwithdrawal: 1000, Totalwithdrawals: '12' }) }), 'approved');
    expect(text.ok && text.value.changes).toContainEqual({ path: 'users/u1', set: { Totalwithdrawal: 1250 } });
    expect(text.ok && text.value.audit.notes).toContain('The customer\'s Totalwithdrawals is not a number ("12"), so it was left as it is.');
  });

  it('a rejection refunds the balance only, whatever Totalwithdrawals holds', () => {
    const result = changeWithdrawalStatus(input({ withdrawer: customer('u1', { balance: 10, Totalwithdrawals: 5 }) }), 'rejected');
    expect(result.ok && result.value.changes).toContainEqual({ path: 'users/u1', set: { balance: 260 } });
  });

  it('refuses amounts and totals beyond $1,000,000,000.00, naming the field', () => {
    expect(changeWithdrawalStatus(input({ withdrawal: withdrawal({ amount: 2e9 }) }), 'approved')).toEqual({
      ok: false,
      error: { code: 'VALIDATION', message: 'The withdrawal amount is more than $1,000,000,000.00 (2000000000).' }
    });
    const total = changeWithdrawalStatus(input({ withdrawer: customer('u1', { Totalwithdrawal: 999_999_900 }) }), 'approved');
    expect(total.ok ? null : total.error).toMatchObject({
      code: 'VALIDATION',
      message: expect.stringContaining("The customer's Totalwithdrawal would become")
    });
    const spelling = changeWithdrawalStatus(input({ withdrawer: customer('u1', { Totalwithdrawals: 999_999_900 }) }), 'approved');
    expect(spelling.ok ? null : spelling.error).toMatchObject({
      code: 'VALIDATION',
      message: expect.stringContaining("The customer's Totalwithdrawals would become")
    });
    const refund = changeWithdrawalStatus(input({ withdrawer: customer('u1', { balance: 999_999_900 }) }), 'rejected');
    expect(refund.ok ? null : refund.error).toMatchObject({ code: 'VALIDATION', message: expect.stringContaining("The customer's balance would become") });
  });

  it('pending -> pending is refused as a conflict', () => {
    expect(changeWithdrawalStatus(input(), 'pending')).toEqual({
      ok: false,
      error: { code: 'CONFLICT', message: 'This withdrawal is already pending.' }
    });
  });

  it.each(['approved', 'rejected'] as const)('%s with a bad amount is refused naming the field', (to) => {
    expect(changeWithdrawalStatus(input({ withdrawal: withdrawal({ amount: 'abc' }) }), to)).toEqual({
      ok: false,
      error: { code: 'VALIDATION', message: 'The withdrawal amount is not a number ("abc").' }
    });
  });

  it.each(['approved', 'rejected'] as const)('%s without the customer document is NOT_FOUND', (to) => {
    const result = changeWithdrawalStatus(input({ withdrawer: null }), to);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('NOT_FOUND');
  });
});

describe('a payout with its chain transaction', () => {
  const TXID = `0x${'ab'.repeat(32)}`;

  it('stores the txid on the withdrawal and its audit entry, creates its guard, and the e-mail carries it with its explorer link', () => {
    const result = changeWithdrawalStatus(input({ evidence: { txid: ` ${TXID.toUpperCase().replace('0X', '0x')} `, guard: null } }), 'approved');
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.changes[0]).toEqual({ path: 'withdrawals/w1', set: { status: 'approved', txid: TXID } });
    expect(result.value.changes.map((c) => c.path)).toContain(`txidGuards/${TXID.slice(2)}`);
    expect(result.value.audit).toMatchObject({ txid: TXID, after: { 'withdrawals/w1.txid': TXID } });
    expect(result.value.audit.notes).toEqual([]);
    const [mail] = result.value.emails;
    expect(mail?.text).toContain(TXID);
    expect(mail?.html).toContain(`href="https://etherscan.io/tx/${TXID}"`);
  });

  it('refuses a txid that already paid another withdrawal, and approval without one when the platform requires it', () => {
    const guard = { id: 'g', data: { kind: 'withdrawal', recordId: 'w0', email: 'x@example.com', amount: '$5.00' } };
    expect(changeWithdrawalStatus(input({ evidence: { txid: TXID, guard } }), 'approved')).toEqual({
      ok: false,
      error: { code: 'CONFLICT', message: 'This transaction already paid withdrawal w0 (x@example.com, $5.00).' }
    });
    expect(changeWithdrawalStatus(input({ evidence: { requireTxid: true } }), 'approved')).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    // A rejection pays nothing out: no txid asked for, whatever the setting.
    expect(changeWithdrawalStatus(input({ evidence: { requireTxid: true } }), 'rejected').ok).toBe(true);
  });

  it('approval without a txid is allowed while none is required, and says it cannot be matched to the chain', () => {
    const result = changeWithdrawalStatus(input(), 'approved');
    expect(result.ok && result.value.audit.notes).toEqual(['No transaction id: this decision cannot be matched to the chain later.']);
  });
});
