import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { approvalVerdict, NEEDS_APPROVAL, type HostApproval } from '../../../server/approvals';

// The backend host's own dual-control check (docs/product-rules.md §15.6): what it lets through for a
// customer's deletion and a team change, from the policy and the request as they are now.

const NOW = Date.UTC(2026, 11, 3, 12);
const at = (millis: number) => ({ toMillis: () => millis });
const approver = { uid: 'approver', email: 'approver@ledgerdesk.test' };
const deletion = (over: Partial<HostApproval> = {}): HostApproval => ({
  kind: 'customerDeletion',
  target: 'users/casey',
  change: { delete: true, force: false },
  requestId: 'req-1',
  caller: approver,
  ...over
});
const request = (over: Record<string, unknown> = {}) => ({
  kind: 'customerDeletion',
  target: 'users/casey',
  change: { force: false, delete: true },
  state: 'requires_review',
  requestedBy: { uid: 'maker', email: 'maker@ledgerdesk.test' },
  expiresAt: at(NOW + 60_000),
  ...over
});

describe('the host’s approval verdict', () => {
  it('refuses a covered call without a request, with FORBIDDEN and words saying what to do', () => {
    expect(approvalVerdict({ approvals: { customerDeletion: true } }, null, deletion({ requestId: null }), NOW)).toEqual({
      refuse: { status: 403, body: { error: NEEDS_APPROVAL.customerDeletion, code: 'FORBIDDEN' } }
    });
    expect(approvalVerdict({ approvals: { teamChanges: true } }, null, deletion({ kind: 'team', requestId: null }), NOW)).toMatchObject({
      refuse: { status: 403 }
    });
  });

  it('lets an uncovered call through as before: no policy, or the other switch on', () => {
    expect(approvalVerdict(null, null, deletion({ requestId: null }), NOW)).toEqual({ apply: null });
    expect(approvalVerdict({ approvals: { teamChanges: true } }, null, deletion({ requestId: null }), NOW)).toEqual({ apply: null });
  });

  it('applies another administrator’s open request for exactly this change (keys in any order)', () => {
    expect(approvalVerdict({ approvals: { customerDeletion: true } }, request(), deletion(), NOW)).toEqual({ apply: 'req-1' });
  });

  it('refuses the maker, a closed, expired or missing request, and one for another record or change', () => {
    const refused = (req: Record<string, unknown> | null, ask = deletion()) => approvalVerdict(null, req, ask, NOW);
    expect(refused(request(), deletion({ caller: { uid: 'maker', email: null } }))).toMatchObject({ refuse: { status: 403, body: { code: 'FORBIDDEN' } } });
    expect(refused(request({ state: 'succeeded' }))).toMatchObject({
      refuse: { status: 409, body: { error: 'This approval request was already applied, so nothing was done.' } }
    });
    expect(refused(request({ state: 'rejected' }))).toMatchObject({ refuse: { status: 409 } });
    expect(refused(request({ expiresAt: at(NOW) }))).toMatchObject({ refuse: { body: { error: 'This approval request expired, so nothing was done.' } } });
    expect(refused(request({ expiresAt: null }))).toMatchObject({ refuse: { status: 409 } });
    expect(refused(null)).toMatchObject({ refuse: { status: 409 } });
    expect(refused(request({ target: 'users/other' }))).toMatchObject({ refuse: { status: 409 } });
    expect(refused(request({ change: { delete: true, force: true } }))).toMatchObject({ refuse: { status: 409 } });
    expect(refused(request({ kind: 'team' }))).toMatchObject({ refuse: { status: 409 } });
  });

  test.prop([
    fc.constantFrom('invite', 'setRole', 'disable'),
    fc.constantFrom('owner', 'admin', 'support', 'viewer'),
    fc.constantFrom('owner', 'admin', 'support', 'viewer')
  ])('a team request applies only to the role it asked for', (action, asked, sent) => {
    const stored = request({ kind: 'team', target: 'team/u1', change: { action, role: asked } });
    const verdict = approvalVerdict(null, stored, deletion({ kind: 'team', target: 'team/u1', change: { action, role: sent } }), NOW);
    expect('apply' in verdict).toBe(asked === sent);
  });
});
