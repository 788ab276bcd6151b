import { describe, expect, it } from 'vitest';
import { draftOf, newAddressProblem, rulesOf, sameRules } from '@renderer/features/risk-rules/rules-draft';
import { defaultRiskRules } from '@shared/domain/riskRules';

describe('the Risk rules form', () => {
  it('reads empty caps as the customer limit, amounts as typed, and says what is wrong field by field', () => {
    expect(rulesOf(draftOf(defaultRiskRules))).toEqual({ rules: defaultRiskRules, problems: {} });
    const typed = rulesOf({ cap24h: '500', cap30d: '', stepUpAbove: '2500.50', blockedAddresses: [{ address: ' 0xab ', reason: ' mixer ' }] });
    expect(typed.rules).toEqual({ cap24h: 500, cap30d: null, stepUpAbove: 2500.5, blockedAddresses: [{ address: '0xab', reason: 'mixer' }] });
    const wrong = rulesOf({ cap24h: '1,000', cap30d: 'abc', stepUpAbove: '', blockedAddresses: [] });
    expect(wrong.rules).toBeNull();
    expect(Object.keys(wrong.problems).sort()).toEqual(['cap24h', 'cap30d', 'stepUpAbove']);
    expect(rulesOf({ cap24h: '900', cap30d: '100', stepUpAbove: '10000', blockedAddresses: [] }).problems.cap24h).toBe(
      'The 24-hour cap cannot be above the 30-day cap.'
    );
  });

  it('adds an address only with a reason and only once, whatever its letter case', () => {
    const list = [{ address: '0xAbC', reason: 'mixer' }];
    expect(newAddressProblem(list, '', 'x')).toBe('Type the address to block.');
    expect(newAddressProblem(list, '0xdef', ' ')).toMatch(/Say why/);
    expect(newAddressProblem(list, ' 0XABC ', 'again')).toBe('This address is already blocked.');
    expect(newAddressProblem(list, '0xdef', 'stolen funds')).toBeNull();
    expect(sameRules(defaultRiskRules, { ...defaultRiskRules })).toBe(true);
  });

  it('sees the stored rules, keys in the order the main process sends them, as unchanged; and any edit as a change', () => {
    const stored = { cap24h: null, cap30d: 2000, blockedAddresses: [{ address: '0xab', reason: 'mixer' }], stepUpAbove: 10000 };
    const { rules } = rulesOf(draftOf(stored));
    expect(sameRules(rules!, stored)).toBe(true);
    expect(sameRules({ ...rules!, cap30d: 2500 }, stored)).toBe(false);
    expect(sameRules({ ...rules!, blockedAddresses: [{ address: '0xab', reason: 'stolen funds' }] }, stored)).toBe(false);
    expect(sameRules({ ...rules!, blockedAddresses: [] }, stored)).toBe(false);
  });
});
