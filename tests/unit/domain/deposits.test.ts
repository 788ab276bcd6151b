import { describe, expect, it } from 'vitest';
import { changeDepositStatus, type DepositChangeInput } from '../../../src/shared/domain/deposits';
import { depositStatuses, SUCCESSFUL_DEPOSIT_LOCKED } from '../../../src/shared/domain/statuses';
import { customer, deposit, PLATFORM } from './builders';

const input = (over: Partial<DepositChangeInput> = {}): DepositChangeInput => ({
  deposit: deposit(),
  depositor: customer('u1', { Totaldeposit: 100, referreduserid: 'REF-r1' }),
  investment: undefined,
  referrer: customer('r1', { balance: 10 }),
  platformName: PLATFORM,
  ...over
});

const approved = (over: Partial<DepositChangeInput> = {}) => {
  const result = changeDepositStatus(input(over), 'success');
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

describe('deposit status machine', () => {
  it.each([
    ['pending', 'failed'],
    ['failed', 'pending']
  ] as const)('%s -> %s is free: only the status changes, audited, no e-mail', (from, to) => {
    const result = changeDepositStatus(input({ deposit: deposit({ status: from }) }), to);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.changes).toEqual([{ path: 'deposits/d1', set: { status: to } }]);
    expect(result.value.emails).toEqual([]);
    expect(result.value.audit).toMatchObject({ kind: 'deposit', before: { 'deposits/d1.status': from }, after: { 'deposits/d1.status': to } });
  });

  it.each(['pending', 'failed'] as const)('%s -> success credits the depositor once', (from) => {
    const change = approved({ deposit: deposit({ status: from }) });
    expect(change.changes).toContainEqual({ path: 'users/u1', set: { Totaldeposit: 223.45 } });
  });

  it.each(depositStatuses)('a successful deposit is locked: -> %s is refused', (to) => {
    expect(changeDepositStatus(input({ deposit: deposit({ status: 'success' }) }), to)).toEqual({
      ok: false,
      error: { code: 'CONFLICT', message: SUCCESSFUL_DEPOSIT_LOCKED }
    });
  });

  it.each(['pending', 'failed'] as const)('%s -> %s (no change) is refused as a conflict', (status) => {
    const result = changeDepositStatus(input({ deposit: deposit({ status }) }), status);
    expect(result).toEqual({ ok: false, error: { code: 'CONFLICT', message: `This deposit is already ${status}.` } });
  });

  it('pays the referrer 5% rounded to cents and e-mails both', () => {
    const change = approved();
    expect(change.changes).toContainEqual({ path: 'users/r1', set: { balance: 16.17 } });
    expect(change.emails.map((e) => [e.kind, e.to, e.subject])).toEqual([
      ['investmentActivated', 'u1@example.com', 'Investment Successfully Activated'],
      ['referralBonus', 'r1@example.com', 'Referral Bonus Earned']
    ]);
    expect(change.effects).toEqual([
      { label: 'Total deposit of Customer u1', before: 100, after: 223.45 },
      { label: 'Balance of Customer r1 (referral bonus)', before: 10, after: 16.17 }
    ]);
    expect(change.audit.after).toMatchObject({ 'users/u1.Totaldeposit': 223.45, 'users/r1.balance': 16.17 });
  });

  it('activates the linked investment', () => {
    const change = approved({ deposit: deposit({ investmentId: 'i1' }), investment: { id: 'i1', data: { status: 'cancelled' } } });
    expect(change.changes).toContainEqual({ path: 'investments/i1', set: { status: 'active' } });
  });

  it('still succeeds when the linked investment is missing, and says so', () => {
    const change = approved({ deposit: deposit({ investmentId: 'gone' }), investment: null });
    expect(change.changes.map((c) => c.path)).toEqual(['deposits/d1', 'users/u1', 'users/r1']);
    expect(change.audit.notes).toContain('The linked investment (gone) does not exist; the deposit was still approved.');
  });

  it('pays no bonus when the referral id matches nobody, and says so', () => {
    const change = approved({ referrer: null });
    expect(change.changes.map((c) => c.path)).toEqual(['deposits/d1', 'users/u1']);
    expect(change.emails).toHaveLength(1);
    expect(change.audit.notes).toContain('No customer has the referral id REF-r1, so no referral bonus was paid.');
  });

  it('pays no bonus to a customer listed as their own referrer', () => {
    const self = customer('u1', { Totaldeposit: 100 });
    const change = approved({ depositor: self, referrer: self });
    expect(change.changes).toEqual([
      { path: 'deposits/d1', set: { status: 'success' } },
      { path: 'users/u1', set: { Totaldeposit: 223.45 } }
    ]);
  });

  it('needs no referrer when the depositor was not referred', () => {
    const change = approved({ depositor: customer('u1'), referrer: undefined });
    expect(change.emails.map((e) => e.kind)).toEqual(['investmentActivated']);
  });

  it.each([
    [undefined, 'The deposit amount is missing.'],
    ['12,345.00', 'The deposit amount is not a number ("12,345.00").'],
    [Number.NaN, 'The deposit amount is not a finite number (NaN).'],
    [-1, 'The deposit amount is negative (-1).'],
    [Number.NEGATIVE_INFINITY, 'The deposit amount is not a finite number (-Infinity).']
  ])('refuses success with amount %j and writes nothing', (amount, message) => {
    expect(changeDepositStatus(input({ deposit: deposit({ amount }) }), 'success')).toEqual({
      ok: false,
      error: { code: 'VALIDATION', message }
    });
  });

  it('refuses success when the depositor does not exist', () => {
    const result = changeDepositStatus(input({ depositor: null }), 'success');
    expect(result).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'The customer who made this deposit (users/u1) does not exist.' } });
  });

  it("refuses success when the depositor's total is not a number", () => {
    const result = changeDepositStatus(input({ depositor: customer('u1', { Totaldeposit: 'lots' }) }), 'success');
    expect(result.ok).toBe(false);
  });

  it('puts the platform, the name and the amount as money in both e-mail parts', () => {
    const [mail] = approved({ depositor: customer('u1', { fullname: 'Zoë <Admin>' }) }).emails;
    expect(mail?.html).toContain('Acme Invest');
    expect(mail?.html).toContain('Hello Zoë &lt;Admin&gt;,');
    expect(mail?.html).toContain('$123.45');
    expect(mail?.text).toContain('Hello Zoë <Admin>,');
    expect(mail?.text).toContain('$123.45');
    expect(mail?.companyName).toBe('Acme Invest');
  });
});
