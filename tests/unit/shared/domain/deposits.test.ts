import { describe, expect, it } from 'vitest';
import { changeDepositStatus, referralCodeOf, REFERRAL_MATCH_LIMIT, type DepositChangeInput } from '@shared/domain/deposits';
import { depositLock, depositStatuses, SUCCESSFUL_DEPOSIT_LOCKED } from '@shared/domain/statuses';
import { customer, deposit, investment, PLATFORM } from '../../../support/builders';

const input = (over: Partial<DepositChangeInput> = {}): DepositChangeInput => ({
  deposit: deposit(),
  depositor: customer('u1', { Totaldeposit: 100, referreduserid: 'REF-r1' }),
  investment: undefined,
  referrers: [customer('r1', { balance: 10 })],
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
      { key: 'users/u1.Totaldeposit', label: 'Total deposit of Customer u1', before: 100, after: 223.45 },
      { key: 'users/r1.balance', label: 'Balance of Customer r1 (referral bonus)', before: 10, after: 16.17 }
    ]);
    expect(change.audit.after).toMatchObject({ 'users/u1.Totaldeposit': 223.45, 'users/r1.balance': 16.17 });
  });

  it("activates the linked investment when it is the depositor's, for the same amount, and pending", () => {
    const change = approved({ deposit: deposit({ investmentId: 'i1' }), investment: investment() });
    expect(change.changes).toContainEqual({ path: 'investments/i1', set: { status: 'active' } });
    expect(change.audit.before).toMatchObject({ 'investments/i1.status': 'pending' });
    expect(change.audit.after).toMatchObject({ 'investments/i1.status': 'active' });
  });

  it('keeps the plan terms on the investment it activates, so its payout is compared with them', () => {
    const plan = { by: 'id' as const, planId: 'gold', found: { id: 'gold', data: { name: 'Gold', roi: 12, duration: 30 } } };
    const change = approved({ deposit: deposit({ investmentId: 'i1' }), investment: investment({ planId: 'gold' }), plan });
    const planTerms = { planId: 'gold', name: 'Gold', roi: 12, duration: 30 };
    expect(change.changes).toContainEqual({ path: 'investments/i1', set: { status: 'active', planTerms } });
    expect(change.audit.after).toMatchObject({ 'investments/i1.planTerms': planTerms });
  });

  it('matches an investment without a userId by e-mail, whatever its case', () => {
    const change = approved({ deposit: deposit({ investmentId: 'i1' }), investment: investment({ userId: undefined, email: ' U1@Example.com' }) });
    expect(change.changes).toContainEqual({ path: 'investments/i1', set: { status: 'active' } });
  });

  it.each([
    ['another customer (userId)', { userId: 'u2' }, 'it belongs to another customer (userId "u2", the depositor is u1)'],
    [
      'another customer (e-mail)',
      { userId: undefined, email: 'u2@example.com' },
      'it belongs to another customer (email "u2@example.com", the depositor is u1@example.com)'
    ],
    ['nobody', { userId: undefined, email: undefined }, 'it names no customer (no userId, no email)'],
    ['a different amount', { amount: 123.44 }, 'its amount $123.44 is not the deposit amount $123.45'],
    ['an amount as text', { amount: '1,000' }, 'its amount is not a number ("1,000")'],
    ['an active investment', { status: 'active' }, 'its status is "active", not "pending"'],
    ['a cancelled investment', { status: 'cancelled' }, 'its status is "cancelled", not "pending"'],
    ['an investment without status', { status: undefined }, 'its status is missing, not "pending"']
  ])('leaves an investment of %s as it is, still approves the deposit, and says which check failed', (_label, over, why) => {
    const change = approved({ deposit: deposit({ investmentId: 'i1' }), investment: investment(over) });
    expect(change.changes.map((c) => c.path)).toEqual(['deposits/d1', 'users/u1', 'users/r1']);
    expect(change.audit.notes).toContain(`The linked investment investments/i1 was left as it is: ${why}. The deposit was still approved.`);
    expect(Object.keys(change.audit.after)).not.toContain('investments/i1.status');
  });

  it('names every check that failed', () => {
    const change = approved({ deposit: deposit({ investmentId: 'i1' }), investment: investment({ userId: 'u2', amount: 5, status: 'completed' }) });
    expect(change.audit.notes).toContain(
      'The linked investment investments/i1 was left as it is: it belongs to another customer (userId "u2", the depositor is u1); ' +
        'its amount $5.00 is not the deposit amount $123.45; its status is "completed", not "pending". The deposit was still approved.'
    );
  });

  it('still succeeds when the linked investment is missing, and says so', () => {
    const change = approved({ deposit: deposit({ investmentId: 'gone' }), investment: null });
    expect(change.changes.map((c) => c.path)).toEqual(['deposits/d1', 'users/u1', 'users/r1']);
    expect(change.audit.notes).toContain('The linked investment (gone) does not exist; the deposit was still approved.');
  });

  it('pays no bonus when the referral id matches nobody, and says so', () => {
    const change = approved({ referrers: [] });
    expect(change.changes.map((c) => c.path)).toEqual(['deposits/d1', 'users/u1']);
    expect(change.emails).toHaveLength(1);
    expect(change.audit.notes).toContain('No customer has the referral id REF-r1, so no referral bonus was paid.');
  });

  it('pays no bonus to a customer listed as their own referrer', () => {
    const self = customer('u1', { Totaldeposit: 100 });
    const change = approved({ depositor: self, referrers: [self] });
    expect(change.changes).toEqual([
      { path: 'deposits/d1', set: { status: 'success' } },
      { path: 'users/u1', set: { Totaldeposit: 223.45 } }
    ]);
  });

  it('needs no referrer when the depositor was not referred', () => {
    const change = approved({ depositor: customer('u1'), referrers: undefined });
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

  it('pays no bonus when two customers share the referral id, and says how many', () => {
    const change = approved({ referrers: [customer('r1'), customer('r2')] });
    expect(change.changes.map((c) => c.path)).toEqual(['deposits/d1', 'users/u1']);
    expect(change.emails.map((e) => e.kind)).toEqual(['investmentActivated']);
    expect(change.audit.notes).toContain('The referral id REF-r1 is ambiguous: 2 customers share it (users/r1, users/r2), so no referral bonus was paid.');
  });

  it('says "at least" when the lookup stopped at its limit', () => {
    const many = Array.from({ length: REFERRAL_MATCH_LIMIT }, (_, i) => customer(`r${i}`));
    const change = approved({ referrers: many });
    expect(change.audit.notes.join(' ')).toContain(`ambiguous: at least ${REFERRAL_MATCH_LIMIT} customers share it`);
  });

  it.each([
    [12345, '12345'],
    ['   ', '"   "'],
    [{ code: 'REF-r1' }, '{"code":"REF-r1"}'],
    [true, 'true']
  ])('notes a referreduserid that is not usable text (%j) and pays no bonus', (value, shown) => {
    const depositor = customer('u1', { Totaldeposit: 100, referreduserid: value });
    expect(referralCodeOf(depositor)).toEqual({ kind: 'unusable', value });
    const change = approved({ depositor, referrers: undefined });
    expect(change.changes.map((c) => c.path)).toEqual(['deposits/d1', 'users/u1']);
    expect(change.audit.notes).toContain(`The depositor's referral code (referreduserid) is not usable text (${shown}), so no referral bonus was paid.`);
  });

  it('reads the referral code trimmed, and no code as not referred', () => {
    expect(referralCodeOf(customer('u1', { referreduserid: ' REF-r1 ' }))).toEqual({ kind: 'code', code: 'REF-r1' });
    for (const value of [undefined, null, '']) expect(referralCodeOf(customer('u1', { referreduserid: value }))).toEqual({ kind: 'none' });
    expect(referralCodeOf(null)).toEqual({ kind: 'none' });
  });

  it.each([['Success'], ['SUCCESS'], ['approved'], ['rejected'], [' pending'], [3], [true], [{ state: 'pending' }]])(
    'refuses any change of a deposit stored with status %j, naming the stored value',
    (status) => {
      for (const to of depositStatuses) {
        const result = changeDepositStatus(input({ deposit: deposit({ status }) }), to);
        expect(result).toEqual({ ok: false, error: { code: 'CONFLICT', message: depositLock(status) } });
        expect(result.ok ? '' : result.error.message).toContain(typeof status === 'string' ? `"${status}"` : JSON.stringify(status));
      }
    }
  );

  it.each([undefined, null, ''])('a deposit with no status (%j) may still succeed', (status) => {
    const change = approved({ deposit: deposit({ status }) });
    expect(change.audit.before).toMatchObject({ 'deposits/d1.status': null });
  });

  it('refuses a deposit amount above $1,000,000,000.00, naming the field; exactly that much is fine', () => {
    expect(changeDepositStatus(input({ deposit: deposit({ amount: 1_000_000_000.01 }) }), 'success')).toEqual({
      ok: false,
      error: { code: 'VALIDATION', message: 'The deposit amount is more than $1,000,000,000.00 (1000000000.01).' }
    });
    const change = approved({ deposit: deposit({ amount: 1_000_000_000 }), depositor: customer('u1', { Totaldeposit: 0, referreduserid: 'REF-r1' }) });
    expect(change.changes).toContainEqual({ path: 'users/u1', set: { Totaldeposit: 1_000_000_000 } });
  });

  it('refuses a success that would take Totaldeposit or the referrer balance past the bound, writing nothing', () => {
    const full = changeDepositStatus(input({ depositor: customer('u1', { Totaldeposit: 999_999_999, referreduserid: 'REF-r1' }) }), 'success');
    expect(full).toEqual({
      ok: false,
      error: {
        code: 'VALIDATION',
        message: "The depositor's Totaldeposit would become $1,000,000,122.45, beyond the $1,000,000,000.00 Ledgerdesk handles, so nothing was changed."
      }
    });
    const rich = changeDepositStatus(input({ referrers: [customer('r1', { balance: 1_000_000_000 })] }), 'success');
    expect(rich.ok ? null : rich.error).toMatchObject({ code: 'VALIDATION', message: expect.stringContaining("The referrer's balance would become") });
    const stored = changeDepositStatus(input({ depositor: customer('u1', { Totaldeposit: 5e12 }) }), 'success');
    expect(stored.ok ? null : stored.error).toMatchObject({ code: 'VALIDATION', message: expect.stringContaining("The depositor's Totaldeposit is beyond") });
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

describe('a credit with its chain transaction', () => {
  const TXID = 'f'.repeat(64);
  const base = () => ({ deposit: deposit(), depositor: customer('u1'), platformName: PLATFORM });

  it('stores the txid on the deposit and the audit entry and creates the guard in the same changeset', () => {
    const result = changeDepositStatus({ ...base(), evidence: { txid: TXID, guard: null } }, 'success');
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.changes.slice(0, 2)).toEqual([
      { path: 'deposits/d1', set: { status: 'success', txid: TXID } },
      {
        path: `txidGuards/${TXID}`,
        set: { coin: 'BITCOIN', txid: TXID, kind: 'deposit', recordId: 'd1', recordPath: 'deposits/d1', email: 'u1@example.com', amount: '$123.45' },
        replace: true
      }
    ]);
    expect(result.value.audit.txid).toBe(TXID);
  });

  it('refuses a txid that already credited a deposit, naming it, and a malformed one naming the coin', () => {
    const guard = { id: 'g', data: { kind: 'deposit', recordId: 'd0', email: 'olivia@example.com', amount: '$250.00' } };
    expect(changeDepositStatus({ ...base(), evidence: { txid: TXID, guard } }, 'success')).toEqual({
      ok: false,
      error: { code: 'CONFLICT', message: 'This transaction already credited deposit d0 (olivia@example.com, $250.00).' }
    });
    expect(changeDepositStatus({ ...base(), evidence: { txid: `0x${TXID}` } }, 'success')).toEqual({
      ok: false,
      error: { code: 'VALIDATION', message: 'A BITCOIN transaction id is 64 hexadecimal characters.' }
    });
  });

  it('a failed deposit takes no txid and no guard, whatever the setting', () => {
    const result = changeDepositStatus({ ...base(), evidence: { requireTxid: true } }, 'failed');
    expect(result.ok && result.value.changes).toEqual([{ path: 'deposits/d1', set: { status: 'failed' } }]);
  });
});
