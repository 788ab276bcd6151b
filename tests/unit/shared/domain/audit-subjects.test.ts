import { describe, expect, it } from 'vitest';
import { auditSubjects, statusChangeset, type AuditDraft } from '@shared/domain/changeset';

const draft = (over: Partial<AuditDraft>): AuditDraft => ({
  kind: 'deposit',
  action: 'deposit.status',
  entityPath: 'deposits/d1',
  summary: '',
  before: {},
  after: {},
  notes: [],
  reason: null,
  ...over
});

describe('auditSubjects: the customers an audit entry is about (their page lists it)', () => {
  it('names the depositor of a status change even when no customer document changed', () => {
    const started = statusChangeset('deposit', { id: 'd1', data: { userId: 'olivia', status: 'pending' } }, 'failed', 'from olivia');
    if (!started.ok) throw new Error(started.error.message);
    expect(auditSubjects(started.value.changeset.audit)).toEqual(['olivia']);
  });

  it('adds every customer whose figures changed, once each (the depositor and the referrer of a bonus)', () => {
    const entry = draft({
      userIds: ['olivia'],
      before: { 'users/olivia.Totaldeposit': 0, 'users/ref1.balance': 10, 'deposits/d1.status': 'pending' },
      after: { 'users/olivia.Totaldeposit': 100, 'users/ref1.balance': 15 }
    });
    expect(auditSubjects(entry).sort()).toEqual(['olivia', 'ref1']);
  });

  it('reads the customer from the entry itself for customer actions, and nothing from other records', () => {
    expect(auditSubjects(draft({ kind: 'user', entityPath: 'users/u9' }))).toEqual(['u9']);
    expect(auditSubjects(draft({ entityPath: 'investmentPlans/gold', before: { 'investmentPlans/gold.roi': 5 } }))).toEqual([]);
  });
});
