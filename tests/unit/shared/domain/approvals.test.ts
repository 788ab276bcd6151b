import { describe, expect, it } from 'vitest';
import {
  APPROVAL_TTL_MS,
  cancelRefusal,
  closingChangeset,
  defaultApprovalPolicy,
  decisionRefusal,
  matchesChange,
  readApprovalPolicy,
  readStoredRequest,
  requestChangeset,
  stateNow,
  withdrawalNeed,
  type StoredRequest
} from '@shared/domain/approvals';
import { changePlatformSettings } from '@shared/domain/platformSettings';
import { StoredTimestamp, storedTimestampAt } from '@shared/domain/stored';
import type { Changeset } from '@shared/domain/changeset';

const policy = readApprovalPolicy({ withdrawalAtLeast: 1000 });
const maker = { uid: 'maker', email: 'maker@ledgerdesk.test' };
const approver = { uid: 'approver', email: 'approver@ledgerdesk.test' };
const now = Date.UTC(2026, 11, 3, 12);

const open: StoredRequest = {
  id: 'r1',
  kind: 'withdrawal',
  state: 'requires_review',
  target: 'withdrawals/w1',
  requestedBy: maker,
  expiresAt: now + APPROVAL_TTL_MS,
  change: { status: 'approved', amount: 1500 }
};

describe('the approval policy', () => {
  it('is off unless a positive amount is stored, and covers an approval from its amount on, to the cent', () => {
    expect(readApprovalPolicy(undefined)).toEqual(defaultApprovalPolicy);
    expect(readApprovalPolicy({ withdrawalAtLeast: '1000' }).withdrawalAtLeast).toBeNull();
    expect(readApprovalPolicy({ withdrawalAtLeast: -5 }).withdrawalAtLeast).toBeNull();
    expect(withdrawalNeed(policy, { id: 'w1', amount: 999.99, cents: 99_999 }, 'approved')).toBeNull();
    expect(withdrawalNeed(policy, { id: 'w1', amount: '1000', cents: 100_000 }, 'approved')).toEqual({
      kind: 'withdrawal',
      target: 'withdrawals/w1',
      change: { status: 'approved', amount: '1000' },
      why: "Withdrawals of $1,000.00 or more need a second administrator's approval."
    });
    // A rejection moves no money: never covered. Nor is anything when the policy is off.
    expect(withdrawalNeed(policy, { id: 'w1', amount: 5000, cents: 500_000 }, 'rejected')).toBeNull();
    expect(withdrawalNeed(readApprovalPolicy(null), { id: 'w1', amount: 5000, cents: 500_000 }, 'approved')).toBeNull();
  });

  it('is saved by the platform settings with its audit words, and refuses an amount that is not one', () => {
    const saved = changePlatformSettings(null, { approvals: { withdrawalAtLeast: 1000 } });
    expect(saved.ok && saved.value.audit.summary).toBe('Platform settings changed: Withdrawals needing a second administrator: from $1,000.00');
    expect(saved.ok && saved.value.changes[0]?.set.approvals).toEqual({ ...defaultApprovalPolicy, withdrawalAtLeast: 1000 });
    const off = changePlatformSettings({ approvals: { withdrawalAtLeast: 1000 } }, { approvals: { withdrawalAtLeast: null } });
    expect(off.ok && off.value.changes[0]?.set).toEqual({ 'approvals.withdrawalAtLeast': null });
    expect(changePlatformSettings(null, { approvals: { withdrawalAtLeast: 0.001 } })).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
  });
});

describe('an approval request', () => {
  it('is never decided by the administrator who asked, and not after it closed or expired', () => {
    expect(decisionRefusal(open, 'approver', now)).toBeNull();
    expect(decisionRefusal(open, 'maker', now)).toMatch(/another administrator must approve/);
    expect(decisionRefusal({ ...open, state: 'succeeded' }, 'approver', now)).toMatch(/already approved and applied/);
    expect(decisionRefusal({ ...open, state: 'rejected' }, 'approver', now)).toMatch(/rejected/);
    expect(stateNow(open, open.expiresAt - 1)).toBe('requires_review');
    expect(stateNow(open, open.expiresAt)).toBe('expired');
    expect(decisionRefusal(open, 'approver', open.expiresAt)).toMatch(/expired/);
    expect(cancelRefusal(open, 'approver', now)).toMatch(/Only the administrator who asked/);
    expect(cancelRefusal(open, 'maker', now)).toBeNull();
  });

  it('applies only to the exact change asked: the same record, status and amount', () => {
    const need = withdrawalNeed(policy, { id: 'w1', amount: 1500, cents: 150_000 }, 'approved')!;
    expect(matchesChange(open, need)).toBe(true);
    expect(matchesChange(open, { ...need, target: 'withdrawals/w2' })).toBe(false);
    expect(matchesChange(open, { ...need, change: { status: 'approved', amount: 1600 } })).toBe(false);
  });

  it('is made instead of the decision: no money moves, no e-mail, the record names it, and it reads back as stored', () => {
    const decided: Changeset = {
      changes: [
        { path: 'withdrawals/w1', set: { status: 'approved' } },
        { path: 'users/u1', set: { Totalwithdrawal: 1500 } }
      ],
      audit: {
        kind: 'withdrawal',
        action: 'withdrawal.status',
        entityPath: 'withdrawals/w1',
        summary: 'Withdrawal from u1: pending -> approved',
        before: {},
        after: {},
        notes: [],
        reason: null,
        flows: { out: 150_000 } as never
      },
      emails: [{ kind: 'withdrawalProcessed' } as never],
      effects: [{ key: 'users/u1.Totalwithdrawal', label: 'Total withdrawal', before: 0, after: 1500 }],
      message: 'Withdrawal marked approved.'
    };
    const need = withdrawalNeed(policy, { id: 'w1', amount: 1500, cents: 150_000 }, 'approved')!;
    const asked = requestChangeset(
      need,
      { method: 'withdrawals.setStatus', decision: { id: 'w1', status: 'approved' }, previewVersion: 'v1' },
      decided,
      maker,
      'r1',
      now
    );
    expect(asked.changes.map((c) => c.path)).toEqual(['approvalRequests/r1', 'withdrawals/w1']);
    expect(asked.changes[1]?.set).toEqual({ approvalRequestId: 'r1' });
    expect(asked.emails).toEqual([]);
    expect(asked.effects).toEqual([]);
    expect(asked.audit.flows).toBeUndefined();
    const stored = readStoredRequest('r1', asked.changes[0]!.set);
    expect(stored).toMatchObject({ state: 'requires_review', target: 'withdrawals/w1', requestedBy: maker, expiresAt: now + APPROVAL_TTL_MS });
    expect(stored?.change).toEqual({ status: 'approved', amount: 1500 });
    expect(asked.changes[0]!.set.requestedAt).toEqual(storedTimestampAt(now));
    expect(asked.changes[0]!.set.expiresAt).toBeInstanceOf(StoredTimestamp);
  });

  it('closes without applying: the record no longer awaits it, and the audit entry says who asked', () => {
    const closed = closingChangeset({ ...open, summary: 'Withdrawal from u1: pending -> approved' }, 'rejected', approver, 'Address unknown', now);
    expect(closed.changes).toEqual([
      { path: 'approvalRequests/r1', set: { state: 'rejected', decidedBy: approver, decidedAt: storedTimestampAt(now), reason: 'Address unknown' } },
      { path: 'withdrawals/w1', set: { approvalRequestId: null } }
    ]);
    expect(closed.audit.notes).toEqual(['Asked by maker@ledgerdesk.test.']);
  });
});
