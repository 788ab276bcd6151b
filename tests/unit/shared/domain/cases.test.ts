import { describe, expect, it } from 'vitest';
import { accessChangeset } from '@shared/domain/access';
import { addUserNote, noteText, NOTE_MAX } from '@shared/domain/notes';
import { CUSTOMER_FACTS, readsText } from '@shared/domain/readVersion';
import { suspensionOf } from '@shared/domain/suspension';
import { decideKyc, kycExpired } from '@shared/domain/users';
import { customer, PLATFORM } from '../../../support/builders';

/** Notes, suspension, KYC outcomes and access entries: the rules of a customer's case file (docs/product-rules.md §6, §11.1). */
describe('notes on a customer', () => {
  it('are 1 to 2,000 characters, trimmed', () => {
    expect(noteText('  Called them.  ')).toEqual({ ok: true, value: 'Called them.' });
    expect(noteText('   ')).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    expect(noteText('x'.repeat(NOTE_MAX)).ok).toBe(true);
    expect(noteText('x'.repeat(NOTE_MAX + 1))).toMatchObject({ ok: false, error: { message: expect.stringContaining('2,000') } });
  });

  it('is a new signed document under the action id, audited on the customer, and changes nothing else', () => {
    const added = addUserNote(customer('u1', { fullname: 'Olivia Chen' }), `Line one\n${'word '.repeat(30)}`, 'op-1');
    if (!added.ok) throw new Error(added.error.message);
    expect(added.value.changes).toEqual([{ path: 'users/u1/notes/op-1', set: { text: `Line one\n${'word '.repeat(30)}`.trim() }, create: true }]);
    expect(added.value.audit).toMatchObject({ kind: 'user', action: 'user.note', entityPath: 'users/u1' });
    // One line in the audit log, however long the note.
    expect(added.value.audit.summary).toMatch(/^Note on Olivia Chen: Line one word word .*…$/);
    expect(added.value.audit.summary.length).toBeLessThan(110);
    expect(added.value.emails).toEqual([]);
  });
});

describe('suspension as stored', () => {
  it('is exactly suspended: true, with its reason and who', () => {
    expect(suspensionOf({ suspended: true, suspension: { reason: 'Taken over', adminEmail: 'a@x.com', at: '2026-01-02T00:00:00.000Z' } })).toEqual({
      reason: 'Taken over',
      by: 'a@x.com',
      at: '2026-01-02T00:00:00.000Z'
    });
    expect(suspensionOf({ suspended: 'true' })).toBeNull();
    expect(suspensionOf({ suspended: false, suspension: { reason: 'old' } })).toBeNull();
    expect(suspensionOf({ suspended: true })).toMatchObject({ reason: 'No reason recorded.' });
  });

  it('is part of what a decision version covers, so a suspension in between makes the preview stale', () => {
    expect(CUSTOMER_FACTS).toContain('suspended');
    const before = readsText([{ path: 'users/u1', data: { email: 'a@x.com', balance: 5 } }]);
    const after = readsText([{ path: 'users/u1', data: { email: 'a@x.com', balance: 5, suspended: true } }]);
    expect(after).not.toBe(before);
  });
});

describe('KYC outcomes the customer hears about', () => {
  const pending = customer('u1', { fullname: 'Olivia Chen', kyc: { status: 'pending' } });

  it('rejects only with a reason, which the e-mail gives', () => {
    expect(decideKyc(pending, { status: 'rejected' }, PLATFORM)).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    const rejected = decideKyc(pending, { status: 'rejected', reason: 'the document has expired' }, PLATFORM);
    if (!rejected.ok) throw new Error(rejected.error.message);
    expect(rejected.value.audit.reason).toBe('the document has expired');
    expect(rejected.value.emails).toHaveLength(1);
    expect(rejected.value.emails[0]).toMatchObject({ kind: 'kycRejected', to: 'u1@example.com', subject: 'Identity Verification Not Approved' });
    expect(rejected.value.emails[0]?.text).toContain('Reason: The document has expired.');
  });

  it('asks for named documents again as its own status, listing them in the e-mail', () => {
    expect(decideKyc(pending, { status: 'resubmissionRequested' }, PLATFORM)).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    const asked = decideKyc(pending, { status: 'resubmissionRequested', documents: ['selfie', 'idBack', 'selfie'], reason: 'Too dark.' }, PLATFORM);
    if (!asked.ok) throw new Error(asked.error.message);
    expect(asked.value.changes).toEqual([{ path: 'users/u1', set: { 'kyc.status': 'resubmissionRequested', 'kyc.requestedDocuments': ['selfie', 'idBack'] } }]);
    const text = asked.value.emails[0]?.text ?? '';
    expect(text).toContain('A selfie holding your ID document');
    expect(text).toContain('Back of your ID document');
    expect(text).toContain('Too dark.');
    expect(asked.value.message).toBe('Resubmission requested.');
  });

  it('confirms an approval by e-mail and clears the documents asked for; setting it back to pending e-mails nobody', () => {
    const approved = decideKyc(customer('u1', { kyc: { status: 'resubmissionRequested', requestedDocuments: ['selfie'] } }), { status: 'approved' }, PLATFORM);
    if (!approved.ok) throw new Error(approved.error.message);
    expect(approved.value.changes[0]?.set).toEqual({ 'kyc.status': 'approved', 'kyc.requestedDocuments': null });
    expect(approved.value.emails.map((e) => e.kind)).toEqual(['kycApproved']);
    const reset = decideKyc(customer('u1', { kyc: { status: 'approved' } }), { status: 'pending' }, PLATFORM);
    expect(reset.ok && reset.value.emails).toEqual([]);
  });

  it('notes a customer without an e-mail address instead of e-mailing', () => {
    const decided = decideKyc(customer('u1', { email: null, kyc: { status: 'pending' } }), { status: 'approved' }, PLATFORM);
    expect(decided.ok && decided.value.emails).toEqual([]);
    expect(decided.ok && decided.value.audit.notes).toContain('The customer has no e-mail address on file, so no e-mail was sent.');
  });

  it('flags an approved KYC once its expiry date has passed, and only an approved one', () => {
    const now = Date.parse('2026-06-01T00:00:00Z');
    expect(kycExpired({ status: 'approved', expiryDate: '2026-05-31T00:00:00Z' }, now)).toBe(true);
    expect(kycExpired({ status: 'approved', expiryDate: '2026-06-02T00:00:00Z' }, now)).toBe(false);
    expect(kycExpired({ status: 'pending', expiryDate: '2020-01-01T00:00:00Z' }, now)).toBe(false);
    expect(kycExpired({ status: 'approved', expiryDate: null }, now)).toBe(false);
  });
});

describe('access entries', () => {
  it('say who, what and the result, and change no document', () => {
    const refused = accessChangeset({ event: 'signIn', email: 'x@y.com', result: 'refused', detail: 'notAdmin', occurredAt: '2026-01-01T00:00:00.000Z' });
    expect(refused).toMatchObject({
      changes: [],
      emails: [],
      audit: { kind: 'access', action: 'access.signInRefused', summary: 'Sign-in refused: x@y.com (not the administrator)' }
    });
    const idle = accessChangeset({ event: 'signOut', email: 'a@x.com', result: 'ok', detail: 'idle', occurredAt: '2026-01-01T00:00:00.000Z' });
    expect(idle.audit.summary).toBe('Signed out: a@x.com (idle timeout)');
    expect(idle.audit.access?.detail).toBe('idle');
  });
});
