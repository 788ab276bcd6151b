import { describe, expect, it } from 'vitest';
import { capabilityNeeded } from '../../../../src/shared/contract';
import { methodNames } from '../../../../src/shared/methods';
import { may, roleOf, roles } from '../../../../src/shared/domain/roles';

describe('roles', () => {
  it('reads the role claim, and the plain admin claim as owner so a one-administrator platform keeps working', () => {
    expect(roleOf({ role: 'support' })).toBe('support');
    expect(roleOf({ admin: true })).toBe('owner');
    expect(roleOf({ role: 'viewer', admin: true })).toBe('viewer');
    expect(roleOf({})).toBeNull();
    expect(roleOf({ admin: 'true' })).toBeNull();
    expect(roleOf({ role: 'Owner' })).toBeNull();
    expect(roleOf({ role: 'superuser', admin: true })).toBeNull();
  });

  it('grants each role what the roles table says, and nothing to nobody', () => {
    const table = Object.fromEntries(roles.map((role) => [role, (['read', 'care', 'decide', 'configure', 'govern'] as const).filter((c) => may(role, c))]));
    expect(table).toEqual({
      owner: ['read', 'care', 'decide', 'configure', 'govern'],
      admin: ['read', 'care', 'decide', 'configure'],
      support: ['read', 'care'],
      viewer: ['read']
    });
    expect(may(null, 'read')).toBe(false);
  });

  it('leaves a viewer only reads and exports, and keeps money decisions from support', () => {
    const allowed = (role: (typeof roles)[number]) => methodNames.filter((m) => may(role, capabilityNeeded(m)));
    const viewer = allowed('viewer');
    expect(viewer).toContain('files.saveCsv');
    expect(viewer).toContain('users.list');
    for (const write of ['users.adjust', 'users.addNote', 'withdrawals.setStatus', 'mail.send', 'wallets.save', 'users.suspend'])
      expect(viewer).not.toContain(write);
    const support = allowed('support');
    for (const care of ['users.addNote', 'users.decideKyc', 'users.setVerified', 'users.suspend', 'mail.send']) expect(support).toContain(care);
    for (const money of ['users.adjust', 'deposits.setStatus', 'withdrawals.setStatus', 'investments.payout', 'users.delete', 'riskRules.save'])
      expect(support).not.toContain(money);
    expect(allowed('admin')).not.toContain('platformSettings.save');
    expect(allowed('owner')).toEqual([...methodNames]);
  });
});
