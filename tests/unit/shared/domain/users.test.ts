import { describe, expect, it } from 'vitest';
import { adjustUserField, adjustableFields, decideKyc, previewAdjustment, setUserVerified } from '@shared/domain/users';
import { customer, PLATFORM } from '../../../support/builders';

const command = { field: 'balance' as const, operation: 'add' as const, amount: 30, reason: 'Goodwill credit', allowNegative: false };

describe('manual adjustments', () => {
  it('adds in cents: 0.1 + 0.2 is 0.30', () => {
    const result = adjustUserField(customer('u1', { balance: 0.1 }), { ...command, amount: 0.2 });
    expect(result.ok && result.value.changes).toEqual([{ path: 'users/u1', set: { balance: 0.3 } }]);
  });

  it('refuses an amount that rounds to no cents, so nothing is written or audited', () => {
    const result = adjustUserField(customer('u1', { balance: 100 }), { ...command, amount: 0.001 });
    expect(result).toEqual({ ok: false, error: { code: 'VALIDATION', message: 'Enter an amount of at least 0.01.' } });
  });

  it('records the figure and its signed change in cents on the audit entry, so reconciliation can sum it', () => {
    const result = adjustUserField(customer('u1', { Totaldeposit: 100 }), { ...command, field: 'Totaldeposit', operation: 'subtract', amount: 12.5 });
    expect(result.ok && result.value.audit).toMatchObject({ movedUserId: 'u1', moved: { Totaldeposit: -1250 } });
    const added = adjustUserField(customer('u1', { balance: 0.1 }), { ...command, amount: 0.2 });
    expect(added.ok && added.value.audit.moved).toEqual({ balance: 20 });
  });

  it('previews "before -> after" with the same arithmetic it commits', () => {
    expect(previewAdjustment(120, { field: 'balance', operation: 'add', amount: 30 })).toEqual({
      ok: true,
      value: { before: 120, after: 150, negative: false }
    });
    expect(previewAdjustment(undefined, { field: 'TotalBonus', operation: 'subtract', amount: 5 })).toEqual({
      ok: true,
      value: { before: 0, after: -5, negative: true }
    });
  });

  it.each(adjustableFields)('adjusts %s, audited with the reason, toast "{field} updated to {value}"', (field) => {
    const result = adjustUserField(customer('u1', { [field]: 10 }), { ...command, field, operation: 'subtract', amount: 2.5 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.changes).toEqual([{ path: 'users/u1', set: { [field]: 7.5 } }]);
    expect(result.value.audit).toMatchObject({ kind: 'user', action: 'user.adjust', reason: 'Goodwill credit' });
    expect(result.value.audit.before).toEqual({ [`users/u1.${field}`]: 10 });
    expect(result.value.message).toMatch(/ updated to (\$7\.50|7\.50%)$/);
  });

  it('refuses a result below zero until the administrator confirms it a second time', () => {
    const refused = adjustUserField(customer('u1', { balance: 20 }), { ...command, operation: 'subtract', amount: 25 });
    expect(refused).toEqual({ ok: false, error: { code: 'CONFLICT', message: 'Balance would go below zero (-$5.00). Confirm to go ahead.' } });
    const confirmed = adjustUserField(customer('u1', { balance: 20 }), { ...command, operation: 'subtract', amount: 25, allowNegative: true });
    expect(confirmed.ok && confirmed.value.changes).toEqual([{ path: 'users/u1', set: { balance: -5 } }]);
  });

  it.each([
    [Number.NaN, 'Enter a number, for example 150 or 99.50.'],
    [Number.POSITIVE_INFINITY, 'Enter a number, for example 150 or 99.50.'],
    [0, 'Enter an amount greater than zero.'],
    [-3, 'Enter an amount greater than zero.']
  ])('refuses the amount %s', (amount, message) => {
    expect(adjustUserField(customer('u1'), { ...command, amount })).toEqual({ ok: false, error: { code: 'VALIDATION', message } });
  });

  it('refuses an amount above $1,000,000,000.00 and a result beyond it, naming the field', () => {
    expect(adjustUserField(customer('u1'), { ...command, amount: 1_000_000_000.01 })).toEqual({
      ok: false,
      error: { code: 'VALIDATION', message: 'The amount to add is more than $1,000,000,000.00.' }
    });
    expect(adjustUserField(customer('u1'), { ...command, operation: 'subtract', amount: 1e300, allowNegative: true })).toEqual({
      ok: false,
      error: { code: 'VALIDATION', message: 'The amount to subtract is more than $1,000,000,000.00.' }
    });
    const full = adjustUserField(customer('u1', { balance: 999_999_990 }), { ...command, amount: 20 });
    expect(full).toEqual({
      ok: false,
      error: { code: 'VALIDATION', message: 'Balance would become $1,000,000,010.00, beyond the $1,000,000,000.00 Ledgerdesk handles, so nothing was changed.' }
    });
    const low = previewAdjustment(-999_999_990, { field: 'TotalBonus', operation: 'subtract', amount: 20 });
    expect(low.ok ? null : low.error).toMatchObject({ code: 'VALIDATION', message: expect.stringContaining('Total Bonus would become') });
    const stored = adjustUserField(customer('u1', { balance: 1e16 }), command);
    expect(stored.ok ? null : stored.error).toMatchObject({ code: 'VALIDATION', message: expect.stringContaining('Balance is beyond') });
    expect(adjustUserField(customer('u1', { balance: 999_999_970 }), command).ok).toBe(true);
  });

  it('requires a reason', () => {
    expect(adjustUserField(customer('u1'), { ...command, reason: '   ' })).toEqual({
      ok: false,
      error: { code: 'VALIDATION', message: 'A reason is required.' }
    });
  });

  it('refuses to add to a stored value that is not a number', () => {
    const result = adjustUserField(customer('u1', { balance: 'ten' }), command);
    expect(result.ok ? null : result.error.code).toBe('VALIDATION');
  });
});

describe('verification and KYC decisions', () => {
  it('verifies and unverifies with the spec messages', () => {
    const verify = setUserVerified(customer('u1', { verified: false }), true);
    expect(verify.ok && verify.value.message).toBe('User verified successfully!');
    const unverify = setUserVerified(customer('u1', { verified: true }), false);
    expect(unverify.ok && unverify.value.changes).toEqual([{ path: 'users/u1', set: { verified: false } }]);
    expect(unverify.ok && unverify.value.message).toBe('User unverified successfully!');
    expect(setUserVerified(customer('u1', { verified: true }), true).ok).toBe(false);
  });

  it('sets kyc.status, audited; refuses without KYC or without a change', () => {
    const approved = decideKyc(customer('u1', { kyc: { status: 'pending' } }), { status: 'approved' }, PLATFORM);
    expect(approved.ok && approved.value.changes).toEqual([{ path: 'users/u1', set: { 'kyc.status': 'approved' } }]);
    expect(approved.ok && approved.value.audit.after).toEqual({ 'users/u1.kyc.status': 'approved' });
    expect(decideKyc(customer('u1'), { status: 'approved' }, PLATFORM)).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'This customer has not submitted KYC documents.' }
    });
    expect(decideKyc(customer('u1', { kyc: { status: 'approved' } }), { status: 'approved' }, PLATFORM).ok).toBe(false);
  });
});
