import { draftProblem } from '@shared/schemas/live';
import { describe, expect, it } from 'vitest';
import { DraftStore } from '@core/drafts';

const mail = { subject: 'Your May statement', html: '<p>Dear Olivia,</p>' };

describe('DraftStore', () => {
  it('gives the administrator back what they typed, and forgets a draft put as null', () => {
    const drafts = new DraftStore();
    drafts.put('admin', 'sendMail', mail);
    expect(drafts.get('admin', 'sendMail')).toEqual(mail);
    expect(drafts.get('admin', 'manage:u1')).toBeNull();
    drafts.put('admin', 'sendMail', null);
    expect(drafts.get('admin', 'sendMail')).toBeNull();
  });

  it.each(['idle', 'screenLocked'] as const)('keeps the drafts when the session ends because of %s', (reason) => {
    const drafts = new DraftStore();
    drafts.put('admin', 'sendMail', mail);
    drafts.sessionEnded(reason);
    expect(drafts.get('admin', 'sendMail')).toEqual(mail);
  });

  it.each(['signedOut', 'notAdmin', null] as const)('forgets every draft when the session ends because of %s', (reason) => {
    const drafts = new DraftStore();
    drafts.put('admin', 'sendMail', mail);
    drafts.put('admin', 'location', '/deposits?status=pending');
    drafts.sessionEnded(reason);
    expect(drafts.get('admin', 'sendMail')).toBeNull();
    expect(drafts.get('admin', 'location')).toBeNull();
  });

  it('never shows another administrator what the last one typed, even after an idle sign-out', () => {
    const drafts = new DraftStore();
    drafts.put('admin', 'sendMail', mail);
    drafts.sessionEnded('idle');
    expect(drafts.get('someone-else', 'sendMail')).toBeNull();
    // And the first administrator does not get them back later either: they were dropped, not hidden.
    expect(drafts.get('admin', 'sendMail')).toBeNull();
  });

  it('a write by another administrator drops the earlier drafts too', () => {
    const drafts = new DraftStore();
    drafts.put('admin', 'sendMail', mail);
    drafts.put('someone-else', 'location', '/users');
    expect(drafts.get('someone-else', 'sendMail')).toBeNull();
    expect(drafts.get('someone-else', 'location')).toBe('/users');
  });

  it("drops the last administrator's drafts as soon as another signs in, and keeps them for the same one", () => {
    const drafts = new DraftStore();
    drafts.put('admin', 'sendMail', mail);
    drafts.sessionEnded('idle');
    drafts.sessionStarted('admin');
    expect(drafts.get('admin', 'sendMail')).toEqual(mail);
    drafts.sessionEnded('idle');
    drafts.sessionStarted('someone-else');
    drafts.sessionEnded('idle');
    expect(drafts.get('admin', 'sendMail')).toBeNull();
  });

  it('keeps at most its limit, dropping the draft written longest ago', () => {
    const drafts = new DraftStore(3);
    drafts.put('admin', 'manage:a', { amount: '1' });
    drafts.put('admin', 'manage:b', { amount: '2' });
    drafts.put('admin', 'manage:c', { amount: '3' });
    // Rewriting a draft makes it the newest again.
    drafts.put('admin', 'manage:a', { amount: '10' });
    drafts.put('admin', 'manage:d', { amount: '4' });
    expect(drafts.get('admin', 'manage:b')).toBeNull();
    expect(drafts.get('admin', 'manage:a')).toEqual({ amount: '10' });
    expect(drafts.get('admin', 'manage:c')).toEqual({ amount: '3' });
    expect(drafts.get('admin', 'manage:d')).toEqual({ amount: '4' });
  });
});

describe('what the contract keeps as a draft', () => {
  it("takes a screen's fields and refuses what is not a draft, in words, without overflowing on deep nesting", () => {
    expect(draftProblem({ to: 'u1', subject: 'Hi', body: '<p>x</p>', amounts: [1, 2.5], open: true, note: null })).toBeNull();
    let deep: unknown = 'bottom';
    for (let i = 0; i < 100_000; i++) deep = { deeper: deep };
    expect(draftProblem(deep)).toBe('A draft is at most 16 levels deep.');
    expect(draftProblem(Number.NaN)).toBe('A draft holds only finite numbers.');
    expect(draftProblem(undefined)).toBe('A draft holds only text, numbers, true/false, lists and fields.');
    expect(draftProblem(new Date())).toBe('A draft holds only text, numbers, true/false, lists and fields.');
    expect(draftProblem('x'.repeat(500_001))).toBe('A draft is at most 500,000 characters.');
  });
});
