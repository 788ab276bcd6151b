import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { approvalAmountFields, approvalSwitchFields, defaultApprovalPolicy, readApprovalPolicy, type ApprovalPolicy } from '@shared/domain/approvals';
import { changePlatformSettings, policyNeed } from '@shared/domain/platformSettings';

const active: ApprovalPolicy = { ...defaultApprovalPolicy, withdrawalAtLeast: 1000, adjustmentAtLeast: 500, walletChanges: true };
const stored = { approvals: active };

describe('saving the approval policy (settings/ledgerdesk.approvals)', () => {
  it('saves every rule of the policy, each audited before and after in the owner’s words', () => {
    const saved = changePlatformSettings(stored, {
      approvals: { withdrawalsIn24hAtLeast: 2500.5, adjustmentAtLeast: 250, payoutOverride: true, teamChanges: true, walletChanges: true }
    });
    if (!saved.ok) throw new Error(saved.error.message);
    // walletChanges was already on: not written, not audited.
    expect(saved.value.changes).toEqual([
      {
        path: 'settings/ledgerdesk',
        set: {
          'approvals.withdrawalsIn24hAtLeast': 2500.5,
          'approvals.adjustmentAtLeast': 250,
          'approvals.payoutOverride': true,
          'approvals.teamChanges': true
        }
      }
    ]);
    expect(saved.value.audit.before).toEqual({
      'settings/ledgerdesk.approvals.withdrawalsIn24hAtLeast': null,
      'settings/ledgerdesk.approvals.adjustmentAtLeast': 500,
      'settings/ledgerdesk.approvals.payoutOverride': false,
      'settings/ledgerdesk.approvals.teamChanges': false
    });
    expect(saved.value.audit.after).toMatchObject({ 'settings/ledgerdesk.approvals.withdrawalsIn24hAtLeast': 2500.5 });
    expect(saved.value.audit.summary).toBe(
      "Platform settings changed: A customer's withdrawals in 24 hours needing a second administrator: from $2,500.50; " +
        'Manage adjustments needing a second administrator: from $250.00; Payouts with an override need a second administrator: on; ' +
        'Team changes need a second administrator: on'
    );
  });

  it('refuses an amount that is not dollars and cents, naming the rule, and a save of the same values', () => {
    const odd = changePlatformSettings(stored, { approvals: { adjustmentAtLeast: 10.005 } });
    expect(odd).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    expect(!odd.ok && odd.error.message).toMatch(/^Manage adjustments needing a second administrator: enter a positive amount in dollars and cents/);
    expect(changePlatformSettings(stored, { approvals: { withdrawalsIn24hAtLeast: -5 } })).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    expect(changePlatformSettings(stored, { approvals: { withdrawalAtLeast: 1000, walletChanges: true } })).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT' }
    });
  });
});

describe('the policy’s own dual control', () => {
  it('asks for a save that loosens an active policy, with the rules it sets as the change', () => {
    const need = policyNeed(stored, { requireTxid: true, approvals: { withdrawalAtLeast: 5000, teamChanges: true } });
    expect(need).toMatchObject({ kind: 'policy', target: 'settings/ledgerdesk', change: { withdrawalAtLeast: 5000, teamChanges: true } });
    expect(need?.why).toMatch(/Withdrawals needing a second administrator.*and so does the rest of this save/);
    expect(policyNeed(stored, { approvals: { walletChanges: false } })?.change).toEqual({ walletChanges: false });
    expect(policyNeed(stored, { approvals: { adjustmentAtLeast: null } })?.change).toEqual({ adjustmentAtLeast: null });
  });

  it('applies at once a save that tightens it, leaves it alone, or finds no policy on', () => {
    expect(policyNeed(stored, { approvals: { withdrawalAtLeast: 999.99, customerDeletion: true, withdrawalsIn24hAtLeast: 3000 } })).toBeNull();
    expect(policyNeed(stored, { requireTxid: false })).toBeNull();
    expect(policyNeed(null, { approvals: { withdrawalAtLeast: 1 } })).toBeNull();
    expect(policyNeed({ approvals: defaultApprovalPolicy }, { approvals: { walletChanges: false } })).toBeNull();
  });

  it('asks exactly when some rule of an active policy gets looser (fast-check)', () => {
    const amount = fc.option(
      fc.integer({ min: 1, max: 1_000_000 }).map((cents) => cents / 100),
      { nil: null }
    );
    const policy = fc.record({
      withdrawalAtLeast: amount,
      withdrawalsIn24hAtLeast: amount,
      adjustmentAtLeast: amount,
      payoutOverride: fc.boolean(),
      customerDeletion: fc.boolean(),
      walletChanges: fc.boolean(),
      riskRuleChanges: fc.boolean(),
      teamChanges: fc.boolean()
    });
    fc.assert(
      fc.property(policy, policy, fc.subarray([...approvalAmountFields, ...approvalSwitchFields]), (current, next, fields) => {
        const asked = Object.fromEntries(fields.map((field) => [field, next[field]])) as Partial<ApprovalPolicy>;
        const looser = fields.some((field) => {
          const was = current[field];
          const now = next[field];
          return typeof was === 'boolean' ? was && !now : was !== null && (now === null || (now as number) > was);
        });
        const need = policyNeed({ approvals: current }, { approvals: asked });
        expect(need !== null).toBe(looser);
        // What is asked is what the save would write: every rule that changes, loosened or not.
        if (need) expect(readApprovalPolicy({ ...current, ...need.change })).toEqual({ ...current, ...asked });
      })
    );
  });
});
