import { describe, expect, it } from 'vitest';
import { at, NO_BACKEND, typed, usePlatform } from '../support/integration/moneyFixtures';

// The sidebar's Approvals badge (live.pendingCounts.approvals) on the emulators: the requests still
// waiting for a second administrator, by one aggregation over the Approvals screen's own query shape.
describe('the open approval requests the sidebar counts', () => {
  const platform = usePlatform({ per: 'file', env: NO_BACKEND });
  const call: ReturnType<typeof typed> = (method, input) => typed(platform.app)(method, input);

  const request = (state: string, requestedAt: string, expiresAt: string) => ({
    kind: 'withdrawal',
    target: 'withdrawals/w1',
    state,
    summary: 'Approve withdrawal w1 of $500.00',
    why: "Withdrawals of $200.00 or more need a second administrator's approval.",
    method: 'withdrawals.setStatus',
    decision: { id: 'w1', status: 'approved' },
    requestedBy: { uid: 'maker', email: 'maker@example.com' },
    requestedAt: at(requestedAt),
    expiresAt: at(expiresAt),
    decidedBy: null
  });

  it('counts the requests awaiting approval, not the decided ones nor those past their 72 hours', async () => {
    const now = Date.now();
    const iso = (hours: number) => new Date(now + hours * 3_600_000).toISOString();
    const batch = platform.db.batch();
    batch.set(platform.db.doc('approvalRequests/open-1'), request('requires_review', iso(-1), iso(71)));
    batch.set(platform.db.doc('approvalRequests/open-2'), request('requires_review', iso(-2), iso(70)));
    // Past its 72 hours but not closed yet: stored as open, yet nobody can approve it any more, so not counted.
    batch.set(platform.db.doc('approvalRequests/old'), request('requires_review', iso(-80), iso(-8)));
    batch.set(platform.db.doc('approvalRequests/done'), request('succeeded', iso(-3), iso(69)));
    batch.set(platform.db.doc('approvalRequests/no'), request('rejected', iso(-4), iso(68)));
    await batch.commit();

    const counts = await call('live.pendingCounts', {});
    expect(counts).toMatchObject({ ok: true, value: { approvals: 2 } });

    await platform.db.doc('approvalRequests/open-1').update({ state: 'canceled' });
    expect(await call('live.pendingCounts', {})).toMatchObject({ ok: true, value: { approvals: 1 } });
  });
});
