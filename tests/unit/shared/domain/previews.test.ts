import { describe, expect, it } from 'vitest';
import { changeDepositStatus, investmentActivation, type DepositChangeInput } from '@shared/domain/deposits';
import { figureLabel, previewOf } from '@shared/domain/previews';
import { changeWithdrawalStatus } from '@shared/domain/withdrawals';
import { customer, deposit, investment, PLATFORM, withdrawal } from '../../../support/builders';

const depositor = customer('u1', { fullname: 'Dana Depositor', Totaldeposit: 100, referreduserid: 'REF-r1' });
const referrer = customer('r1', { fullname: 'Rita Referrer', balance: 10 });
const input = (over: Partial<DepositChangeInput> = {}): DepositChangeInput => ({
  deposit: deposit(),
  depositor,
  investment: undefined,
  referrers: [referrer],
  platformName: PLATFORM,
  ...over
});

const facts = (people = [depositor, referrer]) => ({ people, customerId: 'u1', activation: null, version: 'v1.x' });

describe('status previews', () => {
  it('names each figure the approval moves: the depositor by name, the referrer by name and code', () => {
    const preview = previewOf(changeDepositStatus(input(), 'success'), facts());
    expect(preview).toMatchObject({ allowed: true, refusal: null, version: 'v1.x' });
    expect(preview.effects).toEqual([
      { key: 'users/u1.Totaldeposit', label: 'Total deposit of Dana Depositor', before: 100, after: 223.45 },
      { key: 'users/r1.balance', label: 'Balance of Rita Referrer, referrer with code REF-r1 (referral bonus)', before: 10, after: 16.17 }
    ]);
    expect(preview.emails).toEqual([
      { to: 'u1@example.com', kind: 'investmentActivated' },
      { to: 'r1@example.com', kind: 'referralBonus' }
    ]);
  });

  it('has the same figures as the effects the rule reports after the commit', () => {
    const decided = changeDepositStatus(input(), 'success');
    if (!decided.ok) throw new Error(decided.error.message);
    const preview = previewOf(decided, facts());
    expect(preview.effects.map((e) => [e.before, e.after])).toEqual(decided.value.effects.map((e) => [e.before, e.after]));
  });

  it("calls a rejected withdrawal's balance a refund, and keeps the rule's notes", () => {
    const wes = customer('u1', { fullname: 'Wes', balance: 0.1, email: undefined });
    const decided = changeWithdrawalStatus({ withdrawal: withdrawal({ amount: 0.2, email: undefined }), withdrawer: wes, platformName: PLATFORM }, 'rejected');
    const preview = previewOf(decided, facts([wes]));
    expect(preview.effects).toEqual([{ key: 'users/u1.balance', label: 'Balance of Wes (refund)', before: 0.1, after: 0.3 }]);
    expect(preview.emails).toEqual([]);
    expect(preview.notes).toEqual(['The customer has no e-mail address on file, so no e-mail was sent.']);
  });

  it('a refused change is a preview that says why, with nothing it would do', () => {
    const preview = previewOf(changeDepositStatus(input({ depositor: null }), 'success'), facts([]));
    expect(preview).toEqual({
      allowed: false,
      refusal: { code: 'NOT_FOUND', message: 'The customer who made this deposit (users/u1) does not exist.' },
      effects: [],
      activation: null,
      emails: [],
      notes: [],
      overrides: [],
      version: 'v1.x'
    });
  });

  it('labels a referrer without a referral id as having none', () => {
    expect(figureLabel('deposit', 'balance', customer('r2', { fullname: 'Ray', myReferralId: undefined }), 'u1')).toBe(
      'Balance of Ray, referrer with code none (referral bonus)'
    );
  });
});

describe('the investment a deposit would activate', () => {
  const activation = (over: Partial<DepositChangeInput>) => {
    const decided = changeDepositStatus(input(over), 'success');
    if (!decided.ok) throw new Error(decided.error.message);
    return investmentActivation(input(over), decided.value);
  };

  it('is none when the deposit names no investment', () => {
    expect(activation({})).toBeNull();
  });

  it("activates the depositor's pending investment of the same amount, with its plan and amount", () => {
    expect(activation({ deposit: deposit({ investmentId: 'i1' }), investment: investment() })).toEqual({
      investmentId: 'i1',
      plan: 'Gold',
      amount: 123.45,
      activates: true,
      why: null
    });
  });

  it("says why it stays as it is, with the rule's own checks", () => {
    expect(activation({ deposit: deposit({ investmentId: 'i1' }), investment: investment({ amount: 100, status: 'active' }) })).toEqual({
      investmentId: 'i1',
      plan: 'Gold',
      amount: 100,
      activates: false,
      why: 'It stays as it is: its amount $100.00 is not the deposit amount $123.45; its status is "active", not "pending".'
    });
  });

  it('says when the linked investment does not exist', () => {
    expect(activation({ deposit: deposit({ investmentId: 'gone' }), investment: null })).toEqual({
      investmentId: 'gone',
      plan: null,
      amount: null,
      activates: false,
      why: 'It does not exist.'
    });
  });
});
