import { describe, expect, it } from 'vitest';
import type { DocSnapshot } from '@shared/domain/changeset';
import {
  DEFAULT_WITHDRAWAL_REJECTION,
  depositFailureReasons,
  depositRiskFacts,
  reasonOf,
  withdrawalRejectionReasons,
  withdrawalRiskFacts,
  withdrawalWarnings,
  type WithdrawalRiskReads
} from '@shared/domain/risk';
import { defaultRiskRules } from '@shared/domain/riskRules';
import { changeWithdrawalStatus } from '@shared/domain/withdrawals';
import type { WindowSum } from '@shared/domain/withdrawalWindows';
import { customer, PLATFORM, withdrawal } from '../../../support/builders';

const ADDRESS = `0x${'ab'.repeat(20)}`;
const HOUR = 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();
const DEPOSITED = Date.parse('2026-02-01T00:00:00Z');
/** A window read whole, its amounts adding up to `dollars`. */
const summed = (dollars: number, read = 1): WindowSum => ({ cents: Math.round(dollars * 100), read, complete: true, unreadable: [] });

/** A customer nobody would worry about, withdrawing 250 of a 1,000 limit two days after depositing, not for the first time. */
const calm = (over: Partial<WithdrawalRiskReads> = {}, user: Record<string, unknown> = {}, asked: Record<string, unknown> = {}): WithdrawalRiskReads => {
  const w = withdrawal({ walletAddress: ADDRESS, createdAt: iso(DEPOSITED + 48 * HOUR), ...asked });
  return {
    withdrawal: w,
    customer: customer('u1', { verified: true, kyc: { status: 'approved' }, withdrawalLimit: 1000, withdrawalFeePercentage: 2.5, ...user }),
    atAddress: [w],
    addressCap: 20,
    firstSuccessfulDeposit: { id: 'd1', data: { timestamp: iso(DEPOSITED) } },
    firstWithdrawal: { id: 'w0', data: { createdAt: iso(DEPOSITED + HOUR) } },
    riskRules: defaultRiskRules,
    // This withdrawal alone in both windows.
    windows: { h24: summed(Number(w.data.amount)), d30: summed(Number(w.data.amount)) },
    ...over
  };
};
const codes = (reads: WithdrawalRiskReads) => withdrawalWarnings(withdrawalRiskFacts(reads)).map((w) => w.code);

describe('withdrawal risk warnings', () => {
  it('says nothing about a calm withdrawal', () => {
    expect(codes(calm())).toEqual([]);
  });

  it('warns about each condition exactly when it holds, and about nothing else', () => {
    expect(codes(calm({}, { verified: false }))).toEqual(['notVerified']);
    expect(codes(calm({}, { kyc: { status: 'pending' } }))).toEqual(['kycNotApproved']);
    expect(codes(calm({}, { kyc: undefined }))).toEqual(['kycNotApproved']);
    expect(codes(calm({}, {}, { amount: 1000.01 }))).toEqual(['overLimit']);
    expect(codes(calm({}, {}, { amount: 1000 }))).toEqual([]);
    expect(codes(calm({}, {}, { cryptoType: 'BITCOIN' }))).toEqual(['addressInvalid']);
    const other = withdrawal({ userId: 'u2', walletAddress: ADDRESS });
    expect(codes(calm({ atAddress: [{ ...other, id: 'w9' }] }))).toEqual(['addressShared']);
    expect(codes(calm({ firstWithdrawal: null }, {}, { createdAt: iso(DEPOSITED + 23 * HOUR) }))).toEqual(['soonAfterFirstDeposit']);
  });

  it('the 24-hour warning needs the first withdrawal and the first successful deposit, within a day', () => {
    const soon = { createdAt: iso(DEPOSITED + 5 * HOUR) };
    // An earlier withdrawal exists: not the first.
    expect(codes(calm({}, {}, soon))).toEqual([]);
    // The earliest withdrawal is this one.
    expect(codes(calm({ firstWithdrawal: withdrawal(soon) }, {}, soon))).toEqual(['soonAfterFirstDeposit']);
    // 24 hours or more after, or no successful deposit at all: no warning.
    expect(codes(calm({ firstWithdrawal: null }, {}, { createdAt: iso(DEPOSITED + 24 * HOUR) }))).toEqual([]);
    expect(codes(calm({ firstWithdrawal: null, firstSuccessfulDeposit: null }, {}, soon))).toEqual([]);
    const [warning] = withdrawalWarnings(withdrawalRiskFacts(calm({ firstWithdrawal: null }, {}, soon)));
    expect(warning?.message).toBe("First withdrawal, asked 5 hours after the customer's first successful deposit.");
  });

  it('all six at once, in the order the dialog shows them', () => {
    const reads = calm(
      { firstWithdrawal: null, atAddress: [{ id: 'w9', data: { userId: 'u2', walletAddress: ADDRESS } }] },
      { verified: false, kyc: { status: 'rejected' }, withdrawalLimit: 100 },
      { amount: 150, cryptoType: 'TRON', createdAt: iso(DEPOSITED + 30 * 60 * 1000) }
    );
    const warnings = withdrawalWarnings(withdrawalRiskFacts(reads));
    expect(warnings.map((w) => w.code)).toEqual(['notVerified', 'kycNotApproved', 'overLimit', 'addressInvalid', 'addressShared', 'soonAfterFirstDeposit']);
    expect(warnings.map((w) => w.message)).toEqual([
      'Customer u1 is not verified.',
      'KYC is not approved: it is rejected.',
      "The amount $150.00 is above the customer's withdrawal limit of $100.00.",
      expect.stringMatching(/^The address is not valid for TRON: This is not a Tron address/),
      '1 other customer has withdrawn to this address.',
      "First withdrawal, asked less than an hour after the customer's first successful deposit."
    ]);
  });

  it('puts a suspended customer at the top, then a blocked address, and warns on the 24-hour and 30-day caps with the totals', () => {
    const reads = calm(
      {
        riskRules: { ...defaultRiskRules, blockedAddresses: [{ address: ADDRESS.toUpperCase(), reason: 'Mixer service' }] },
        windows: { h24: summed(600), d30: summed(2100) }
      },
      { fullname: 'Wes Withdrawer', withdrawalLimit: 500, suspended: true, suspension: { reason: 'Account taken over.' } },
      { amount: 150 }
    );
    const warnings = withdrawalWarnings(withdrawalRiskFacts(reads));
    expect(warnings.map((w) => w.message)).toEqual([
      'Wes Withdrawer is suspended: Account taken over.',
      'The address is blocked: Mixer service',
      'Withdrawals in 24 h: $600.00, above the $500.00 limit.',
      'Withdrawals in 30 days: $2,100.00, above the $2,000.00 limit.'
    ]);
    // At the cap is not above it.
    expect(codes(calm({ windows: { h24: summed(1000), d30: summed(4000) } }))).toEqual([]);
    // A configured cap below the limit is the one that counts.
    expect(codes(calm({ riskRules: { ...defaultRiskRules, cap24h: 200 } }))).toEqual(['over24hCap']);
  });

  it('no customer-based warning when the customer does not exist', () => {
    expect(codes(calm({ customer: null, firstWithdrawal: null }, {}, { createdAt: iso(DEPOSITED + HOUR) }))).toEqual([]);
  });
});

describe('withdrawal risk facts', () => {
  it('computes the fee to the cent and reads the customer as the panel shows them', () => {
    const facts = withdrawalRiskFacts(
      calm({}, { balance: 40.1, Totaldeposit: 500, Totalwithdrawal: 100, timestamp: '2026-01-01T00:00:00Z' }, { amount: 123.45 })
    );
    expect(facts).toMatchObject({
      amount: 123.45,
      amountRaw: null,
      coin: 'ETHEREUM',
      address: ADDRESS,
      addressCheck: { valid: true, problem: null },
      customer: {
        id: 'u1',
        name: 'Customer u1',
        email: 'u1@example.com',
        balance: 40.1,
        verified: true,
        kycStatus: 'approved',
        withdrawalLimit: 1000,
        withdrawalFeePercentage: 2.5,
        fee: 3.09, // 2.5% of 123.45 = 3.08625
        joined: '2026-01-01T00:00:00.000Z',
        lifetimeDeposits: 500,
        lifetimeWithdrawals: 100,
        firstSuccessfulDepositAt: iso(DEPOSITED)
      }
    });
    expect(withdrawalRiskFacts(calm({}, {}, { amount: '0.1' })).customer?.fee).toBe(0);
    expect(withdrawalRiskFacts(calm({}, {}, { amount: '99.99' }))).toMatchObject({ amount: 99.99, amountRaw: '99.99' });
    expect(withdrawalRiskFacts(calm({}, {}, { amount: '1,000' }))).toMatchObject({ amount: null, amountRaw: '1,000', customer: { fee: null } });
  });

  it('has no address check for a coin Ledgerdesk does not know', () => {
    expect(withdrawalRiskFacts(calm({}, {}, { cryptoType: 'DOGE' }))).toMatchObject({ coin: 'DOGE', addressCheck: null });
  });

  it('counts this customer earlier withdrawals and distinct other customers at the address, and says when capped', () => {
    const at = (id: string, userId: string, hoursAfter: number): DocSnapshot => ({
      id,
      data: { userId, walletAddress: ADDRESS, createdAt: iso(DEPOSITED + hoursAfter * HOUR) }
    });
    const reads = calm({
      atAddress: [at('a', 'u1', 1), at('b', 'u1', 2), at('later', 'u1', 90), at('c', 'u2', 3), at('d', 'u2', 4), at('e', 'u3', 5)]
    });
    reads.atAddress.push(reads.withdrawal);
    const facts = withdrawalRiskFacts(reads);
    expect(facts).toMatchObject({ sameAddressEarlier: 2, otherCustomersAtAddress: 2, addressCountsCapped: false });
    const capped = withdrawalRiskFacts({ ...reads, addressCap: reads.atAddress.length });
    expect(capped.addressCountsCapped).toBe(true);
    expect(withdrawalWarnings(capped).find((w) => w.code === 'addressShared')?.message).toBe('At least 2 other customers have withdrawn to this address.');
  });
});

describe('deposit risk facts', () => {
  const depositor = customer('u1', { verified: true, kyc: { status: 'pending' } });
  it('names the one referrer the bonus goes to; nobody when the code is ambiguous, unknown or the depositor', () => {
    const rita = customer('rita', { fullname: 'Rita Referrer' });
    expect(depositRiskFacts({ customer: depositor, earlierDeposits: 3, referral: { code: 'R', holders: [rita] } })).toEqual({
      customer: { id: 'u1', name: 'Customer u1', email: 'u1@example.com', verified: true, kycStatus: 'pending', suspension: null },
      earlierDeposits: 3,
      referralBonusTo: { id: 'rita', name: 'Rita Referrer', code: 'R' }
    });
    expect(depositRiskFacts({ customer: depositor, earlierDeposits: 0, referral: { code: 'R', holders: [rita, customer('x')] } }).referralBonusTo).toEqual({
      id: null,
      name: null,
      code: 'R'
    });
    expect(depositRiskFacts({ customer: depositor, earlierDeposits: 0, referral: { code: 'R', holders: [] } }).referralBonusTo).toEqual({
      id: null,
      name: null,
      code: 'R'
    });
    expect(depositRiskFacts({ customer: depositor, earlierDeposits: 0, referral: { code: 'R', holders: [depositor] } }).referralBonusTo?.id).toBeNull();
    expect(depositRiskFacts({ customer: null, earlierDeposits: 0, referral: null })).toEqual({ customer: null, earlierDeposits: 0, referralBonusTo: null });
  });
});

describe('reasons', () => {
  it('offers the common reasons, the spec sentence first', () => {
    expect(withdrawalRejectionReasons[0]).toBe('did not meet the required conditions');
    expect(DEFAULT_WITHDRAWAL_REJECTION).toBe(withdrawalRejectionReasons[0]);
    expect(depositFailureReasons.length).toBeGreaterThanOrEqual(4);
    expect(reasonOf('  ')).toBeNull();
    expect(reasonOf(' why ')).toBe('why');
  });

  const rejected = (reason: string | null) => {
    const result = changeWithdrawalStatus({ withdrawal: withdrawal(), withdrawer: customer('u1', { balance: 1 }), platformName: PLATFORM, reason }, 'rejected');
    if (!result.ok) throw new Error(result.error.message);
    return result.value.emails[0]!;
  };

  it("a rejection's e-mail gives the reason, or the spec's sentence when none or the default is picked", () => {
    const spec = 'Your withdrawal request was rejected because it did not meet the required conditions. The amount has been returned';
    expect(rejected(null).text).toContain(spec);
    expect(rejected(DEFAULT_WITHDRAWAL_REJECTION).text).toContain(spec);
    expect(rejected('Did not meet the required conditions.').text).toContain(spec);
    const mail = rejected('the destination address is not valid for this coin');
    expect(mail.text).toContain(
      'Your withdrawal request was rejected. Reason: The destination address is not valid for this coin. The amount has been returned'
    );
    expect(mail.text).not.toContain('required conditions');
    expect(rejected('Wallet <blocked> & flagged!').html).toContain('Reason: Wallet &lt;blocked&gt; &amp; flagged! The amount');
  });
});
