import { describe, expect, it } from 'vitest';
import { needNow, type DualControl } from '@core/dualControl';
import type { TransactionReader } from '@core/ports/ledgerStore';
import { storedTimestampAt } from '@shared/domain/stored';

const now = Date.UTC(2026, 11, 3, 12);
const request = {
  kind: 'withdrawal',
  target: 'withdrawals/w1',
  change: { status: 'approved', amount: 1500 },
  state: 'requires_review',
  requestedBy: { uid: 'maker', email: 'maker@ledgerdesk.test' },
  expiresAt: storedTimestampAt(now + 3_600_000)
};
const reader = (docs: Record<string, Record<string, unknown>>) =>
  ({ get: async (path: string) => (docs[path] ? { id: path.split('/')[1]!, data: docs[path]! } : null) }) as unknown as TransactionReader;
const dual = (approval: { id: string } | null): DualControl => ({
  actor: { uid: 'approver', email: 'a@x' },
  operationId: 'op',
  method: 'withdrawals.setStatus',
  approval,
  now
});

describe('what dual control checks a decision against', () => {
  const covered = { kind: 'withdrawal' as const, target: 'withdrawals/w1', change: { status: 'approved', amount: 1500 }, why: 'Policy.' };

  it("is the policy's need while the policy covers the decision", async () => {
    expect(await needNow(reader({}), covered, dual(null))).toBe(covered);
    expect(await needNow(reader({}), covered, dual({ id: 'r1' }))).toBe(covered);
  });

  it('is nothing for a decision the policy does not cover, asked by one administrator', async () => {
    expect(await needNow(reader({}), null, dual(null))).toBeNull();
  });

  it("is the request's own change when applying one the policy no longer covers, so it is still matched and closed", async () => {
    expect(await needNow(reader({ 'approvalRequests/r1': request }), null, dual({ id: 'r1' }))).toEqual({
      kind: 'withdrawal',
      target: 'withdrawals/w1',
      change: { status: 'approved', amount: 1500 },
      why: ''
    });
    expect(await needNow(reader({}), null, dual({ id: 'gone' }))).toBe('gone');
  });
});
