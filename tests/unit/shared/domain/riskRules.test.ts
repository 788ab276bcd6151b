import { describe, expect, it } from 'vitest';
import { blockedEntry, capsFor, changeRiskRules, defaultRiskRules, needsStepUp, readRiskRules } from '@shared/domain/riskRules';
import { approvalOverrides, changeWithdrawalStatus } from '@shared/domain/withdrawals';
import { customer, PLATFORM, withdrawal } from '../../../support/builders';

/** Monitoring across requests (docs/product-rules.md §5.8). */
describe('risk rules', () => {
  it('read each field on its own: missing or odd values are their defaults, malformed addresses left out', () => {
    expect(readRiskRules(null)).toEqual(defaultRiskRules);
    expect(
      readRiskRules({ cap24h: 'lots', cap30d: -1, stepUpAbove: Number.NaN, blockedAddresses: [{ address: ' 0xAbC ', reason: 'Mixer' }, { reason: 'x' }, 'no'] })
    ).toEqual({
      cap24h: null,
      cap30d: null,
      stepUpAbove: 10_000,
      blockedAddresses: [{ address: '0xAbC', reason: 'Mixer' }]
    });
  });

  it('match a blocked address whatever its letter case', () => {
    const rules = { ...defaultRiskRules, blockedAddresses: [{ address: '0xAbCdEf', reason: 'Mixer' }] };
    expect(blockedEntry(rules, ' 0xabcdef ')).toEqual({ address: '0xAbCdEf', reason: 'Mixer' });
    expect(blockedEntry(rules, '0xabcde')).toBeNull();
    expect(blockedEntry(rules, null)).toBeNull();
  });

  it("cap at the customer's limit and 4 times it unless set; ask for the password strictly above the amount", () => {
    expect(capsFor(defaultRiskRules, 500)).toEqual({ h24: 500, d30: 2000 });
    expect(capsFor(defaultRiskRules, null)).toEqual({ h24: null, d30: null });
    expect(capsFor({ ...defaultRiskRules, cap24h: 100, cap30d: 900 }, 500)).toEqual({ h24: 100, d30: 900 });
    expect(needsStepUp(defaultRiskRules, 1_000_000)).toBe(false);
    expect(needsStepUp(defaultRiskRules, 1_000_001)).toBe(true);
  });

  it('save only what changed, audited; refuse duplicates, blanks, a 24-hour cap above the 30-day one, and no change', () => {
    const next = { ...defaultRiskRules, cap24h: 250.456, blockedAddresses: [{ address: ' 0xAb ', reason: ' Mixer ' }] };
    const saved = changeRiskRules(null, next);
    if (!saved.ok) throw new Error(saved.error.message);
    expect(saved.value.changes).toEqual([
      {
        path: 'settings/riskRules',
        set: { cap24h: 250.46, cap30d: null, stepUpAbove: 10_000, blockedAddresses: [{ address: '0xAb', reason: 'Mixer' }] },
        replace: true
      }
    ]);
    expect(saved.value.audit.summary).toBe('Risk rules changed: 24-hour cap $250.46; blocked 0xAb');
    expect(saved.value.audit.before).toEqual({ 'settings/riskRules.cap24h': null, 'settings/riskRules.blockedAddresses': [] });
    const stored = saved.value.changes[0]!.set;
    expect(changeRiskRules(stored, readRiskRules(stored))).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    const twice = {
      ...defaultRiskRules,
      blockedAddresses: [
        { address: '0xab', reason: 'a' },
        { address: '0xAB', reason: 'b' }
      ]
    };
    expect(changeRiskRules(null, twice)).toMatchObject({ ok: false, error: { code: 'VALIDATION', message: '0xAB is listed twice.' } });
    expect(changeRiskRules(null, { ...defaultRiskRules, cap24h: 10, cap30d: 5 })).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    const unblocked = changeRiskRules(stored, { ...readRiskRules(stored), blockedAddresses: [] });
    expect(unblocked.ok && unblocked.value.audit.summary).toBe('Risk rules changed: unblocked 0xAb');
  });
});

describe('approving what needs an override', () => {
  const blocked = { ...defaultRiskRules, blockedAddresses: [{ address: '0XABC', reason: 'Reported stolen funds' }] };
  const suspended = customer('u1', { fullname: 'Wes Withdrawer', suspended: true, suspension: { reason: 'Account taken over' } });

  it('names a suspended customer and a blocked address (any letter case), for approval only', () => {
    expect(approvalOverrides({ withdrawal: withdrawal(), withdrawer: suspended, riskRules: blocked })).toEqual([
      'Wes Withdrawer is suspended: Account taken over.',
      'The address 0XABC is blocked: Reported stolen funds.'
    ]);
    expect(approvalOverrides({ withdrawal: withdrawal(), withdrawer: customer('u1'), riskRules: defaultRiskRules })).toEqual([]);
  });

  it('refuses the approval with CONFLICT unless an override reason is given, which the audit entry keeps; rejecting is never held', () => {
    const input = { withdrawal: withdrawal(), withdrawer: suspended, platformName: PLATFORM, riskRules: blocked };
    const refused = changeWithdrawalStatus(input, 'approved');
    expect(refused).toMatchObject({ ok: false, error: { code: 'CONFLICT', message: expect.stringContaining('needs an override reason') } });
    const approved = changeWithdrawalStatus({ ...input, overrideReason: '  Confirmed on a video call.  ' }, 'approved');
    if (!approved.ok) throw new Error(approved.error.message);
    expect(approved.value.audit.overrideReason).toBe('Confirmed on a video call.');
    expect(approved.value.audit.notes[0]).toMatch(/^Approved with an override: Wes Withdrawer is suspended/);
    expect(changeWithdrawalStatus(input, 'rejected').ok).toBe(true);
  });
});
