import { describe, expect, it } from 'vitest';
import { auditIdOf, journalAmountOf, journalEntryOf, moneyChangesOf, writerOf, type DocumentWrite, type WriteEvidence } from '@shared/domain/journal';

const amount = (cents: number | null, unreadable: string | null = null) => ({ cents, unreadable });

describe('the journal: which money fields a write changed', () => {
  it('records each changed money field with before, after and the change in cents, and nothing else', () => {
    const changes = moneyChangesOf(
      { balance: 50, Totaldeposit: 100.1, fullname: 'Dana', lastAuditId: 'a1' },
      { balance: 75.3, Totaldeposit: 100.1, fullname: 'Dana D.', lastAuditId: 'a2' }
    );
    expect(changes).toEqual([{ field: 'balance', before: amount(5000), after: amount(7530), deltaCents: 2530 }]);
  });

  it('reads amounts stored as text, and below zero', () => {
    expect(moneyChangesOf({ balance: '250.00' }, { balance: '-12.5' })).toEqual([
      { field: 'balance', before: amount(25000), after: amount(-1250), deltaCents: -26250 }
    ]);
  });

  it('records an unreadable amount as unreadable, never as 0, and gives no change for it', () => {
    expect(moneyChangesOf({ TotalBonus: 10 }, { TotalBonus: '1,250' })).toEqual([
      { field: 'TotalBonus', before: amount(1000), after: amount(null, '1,250'), deltaCents: null }
    ]);
    expect(journalAmountOf(Number.NaN)).toEqual(amount(null, 'NaN'));
    expect(journalAmountOf({ value: 3 })).toEqual(amount(null, '{"value":3}'));
  });

  it('counts an absent field as 0 in the change, and says it was absent', () => {
    expect(moneyChangesOf(null, { balance: 20, withdrawalLimit: 500 })).toEqual([
      { field: 'balance', before: amount(null), after: amount(2000), deltaCents: 2000 },
      { field: 'withdrawalLimit', before: amount(null), after: amount(50000), deltaCents: 50000 }
    ]);
  });

  it('records a number rewritten as the same amount in text, with a change of 0', () => {
    expect(moneyChangesOf({ balance: 50 }, { balance: '50.00' })).toEqual([{ field: 'balance', before: amount(5000), after: amount(5000), deltaCents: 0 }]);
  });

  it('gives no entry for a write that changed no money field', () => {
    expect(journalEntryOf({ userId: 'dana', before: { balance: 5, verified: false }, after: { balance: 5, verified: true } })).toBeNull();
    expect(journalEntryOf({ userId: 'dana', before: { balance: Number.NaN }, after: { balance: Number.NaN, kyc: {} } })).toBeNull();
  });
});

describe('the journal: who wrote', () => {
  it.each([
    ['app_user', 'dana', { kind: 'customer', id: 'dana' }],
    ['app_user', 'admin-uid', { kind: 'otherUser', id: 'admin-uid' }],
    ['service_account', 'ledgerdesk@acme.iam.gserviceaccount.com', { kind: 'serviceAccount', id: 'ledgerdesk@acme.iam.gserviceaccount.com' }],
    ['unauthenticated', undefined, { kind: 'unknown', id: null }],
    ['api_key', 'key-1', { kind: 'unknown', id: null }],
    ['system', undefined, { kind: 'unknown', id: null }],
    [undefined, undefined, { kind: 'unknown', id: null }]
  ])('%s %s is %j', (authType, authId, writer) => {
    expect(writerOf('dana', authType, authId)).toEqual(writer);
  });

  it('calls another signed-in user the administrator only with the claim, and the customer the customer whatever their claims', () => {
    expect(writerOf('dana', 'app_user', 'admin-uid', true)).toEqual({ kind: 'administrator', id: 'admin-uid' });
    expect(writerOf('dana', 'app_user', 'sam', false)).toEqual({ kind: 'otherUser', id: 'sam' });
    expect(writerOf('dana', 'app_user', 'dana', true)).toEqual({ kind: 'customer', id: 'dana' });
    expect(writerOf('dana', 'service_account', 'ledgerdesk@acme.iam.gserviceaccount.com', true)).toMatchObject({ kind: 'serviceAccount' });
  });
});

describe('the journal: inside or outside Ledgerdesk', () => {
  it('names the audit entry when the write set a new lastAuditId', () => {
    expect(auditIdOf({ lastAuditId: 'op-1' }, { lastAuditId: 'op-2' })).toBe('op-2');
    expect(auditIdOf(null, { lastAuditId: 'op-1' })).toBe('op-1');
  });

  it('says outside Ledgerdesk when lastAuditId stayed the same, is absent or is not text', () => {
    const outside = (before: Record<string, unknown> | null, after: Record<string, unknown> | null) =>
      journalEntryOf({ userId: 'dana', before, after, authType: 'app_user', authId: 'dana' });
    expect(outside({ balance: 1, lastAuditId: 'op-1' }, { balance: 2, lastAuditId: 'op-1' })).toMatchObject({ auditId: null, outside: true });
    expect(outside({ balance: 1 }, { balance: 2 })).toMatchObject({ auditId: null, outside: true });
    expect(outside({ balance: 1 }, { balance: 2, lastAuditId: 7 })).toMatchObject({ auditId: null, outside: true });
    // A deletion carries no audit id of its own (the host's entry is not on the document).
    expect(outside({ balance: 1, lastAuditId: 'op-1' }, null)).toMatchObject({ kind: 'deleted', auditId: null, outside: true });
  });

  it('makes one entry per write: every changed field, the balance left, the writer and the audit entry', () => {
    const entry = journalEntryOf(
      {
        userId: 'dana',
        before: { balance: 50, Totaldeposit: 100, lastAuditId: 'op-1' },
        after: { balance: 55, Totaldeposit: 105, lastAuditId: 'op-2' },
        authType: 'app_user',
        authId: 'admin-uid'
      },
      { auditEntry: { paths: ['users/dana', 'deposits/d1'], adminUid: 'admin-uid' }, administrator: true }
    );
    expect(entry).toEqual({
      userId: 'dana',
      kind: 'updated',
      changes: [
        { field: 'balance', before: amount(5000), after: amount(5500), deltaCents: 500 },
        { field: 'Totaldeposit', before: amount(10000), after: amount(10500), deltaCents: 500 }
      ],
      balanceMoved: true,
      balanceAfter: amount(5500),
      writer: { kind: 'administrator', id: 'admin-uid' },
      auditId: 'op-2',
      outside: false
    });
  });

  it('keeps the running balance on an entry that did not move it', () => {
    const entry = journalEntryOf({ userId: 'dana', before: { balance: 50, TotalBonus: 0 }, after: { balance: 50, TotalBonus: 5 } });
    expect(entry).toMatchObject({ kind: 'updated', balanceMoved: false, balanceAfter: amount(5000), writer: { kind: 'unknown', id: null } });
  });
});

describe('the journal: only an administrator’s audited write is Ledgerdesk’s', () => {
  // A credit of $100 naming a new audit entry, op-2.
  const credit = (by: Partial<DocumentWrite>): DocumentWrite => ({
    userId: 'dana',
    before: { balance: 50, lastAuditId: 'op-1' },
    after: { balance: 150, lastAuditId: 'op-2' },
    ...by
  });
  const admin = { authType: 'app_user', authId: 'admin-uid' };
  const entryFor = (paths: string[], adminUid: string | null = 'admin-uid'): WriteEvidence['auditEntry'] => ({ paths, adminUid });
  const made = (write: DocumentWrite, evidence: WriteEvidence) => {
    const entry = journalEntryOf(write, evidence);
    return entry && { writer: entry.writer, auditId: entry.auditId, outside: entry.outside };
  };

  it('is Ledgerdesk’s when an administrator made it and its entry lists the customer and is signed by them', () => {
    expect(made(credit(admin), { auditEntry: entryFor(['users/dana']), administrator: true })).toEqual({
      writer: { kind: 'administrator', id: 'admin-uid' },
      auditId: 'op-2',
      outside: false
    });
  });

  it.each<[string, DocumentWrite, WriteEvidence]>([
    [
      'the customer, naming a real entry of another record',
      credit({ authType: 'app_user', authId: 'dana' }),
      { auditEntry: entryFor(['users/wes']), administrator: false }
    ],
    [
      'the customer, naming an entry that lists them',
      credit({ authType: 'app_user', authId: 'dana' }),
      { auditEntry: entryFor(['users/dana']), administrator: true }
    ],
    [
      'a service account (the console, a script)',
      credit({ authType: 'service_account', authId: 'sa@acme.iam.gserviceaccount.com' }),
      { auditEntry: entryFor(['users/dana']), administrator: true }
    ],
    [
      'a signed-in user without the claim',
      credit({ authType: 'app_user', authId: 'sam' }),
      { auditEntry: entryFor(['users/dana'], 'sam'), administrator: false }
    ],
    ['an administrator naming an entry of another record', credit(admin), { auditEntry: entryFor(['users/wes', 'deposits/d1']), administrator: true }],
    ['an administrator naming no entry that exists', credit(admin), { auditEntry: null, administrator: true }],
    [
      'an administrator naming an entry another administrator signed',
      credit(admin),
      { auditEntry: entryFor(['users/dana'], 'other-admin'), administrator: true }
    ],
    ['nobody known (api key, system)', credit({ authType: 'system' }), { auditEntry: entryFor(['users/dana']), administrator: true }]
  ])('is outside Ledgerdesk, naming no audit entry, when made by %s', (_who, write, evidence) => {
    expect(made(write, evidence)).toMatchObject({ auditId: null, outside: true });
  });

  it('names the administrator who signed the audit entry, by uid and e-mail, as the maker of a change that is Ledgerdesk’s', () => {
    const signed = { paths: ['users/dana'], adminUid: 'admin-uid', adminEmail: 'ops@acme.example' };
    expect(made(credit(admin), { auditEntry: signed, administrator: true })).toEqual({
      writer: { kind: 'administrator', id: 'admin-uid', email: 'ops@acme.example' },
      auditId: 'op-2',
      outside: false
    });
  });

  it('with no auth context (the demo’s listener), lets an entry signed by an administrator answer for the write and name its maker', () => {
    const listened = credit({ noAuthContext: true });
    const signed = { paths: ['users/dana'], adminUid: 'admin-uid', adminEmail: 'ops@acme.example' };
    expect(made(listened, { auditEntry: signed, administrator: true })).toEqual({
      writer: { kind: 'administrator', id: 'admin-uid', email: 'ops@acme.example' },
      auditId: 'op-2',
      outside: false
    });
    // An entry that stores no e-mail still names the administrator by uid.
    expect(made(listened, { auditEntry: entryFor(['users/dana']), administrator: true })).toEqual({
      writer: { kind: 'administrator', id: 'admin-uid' },
      auditId: 'op-2',
      outside: false
    });
  });

  it.each<[string, DocumentWrite, WriteEvidence]>([
    ['names no audit entry', credit({ noAuthContext: true, after: { balance: 150, lastAuditId: 'op-1' } }), { auditEntry: null, administrator: false }],
    ['names an entry that does not exist', credit({ noAuthContext: true }), { auditEntry: null, administrator: false }],
    [
      'names an entry written for another customer',
      credit({ noAuthContext: true }),
      { auditEntry: { paths: ['users/wes'], adminUid: 'admin-uid', adminEmail: 'ops@acme.example' }, administrator: true }
    ],
    [
      'names an entry whose signer holds no role',
      credit({ noAuthContext: true }),
      { auditEntry: { paths: ['users/dana'], adminUid: 'sam', adminEmail: 'sam@acme.example' }, administrator: false }
    ],
    [
      'names an entry nobody signed',
      credit({ noAuthContext: true }),
      { auditEntry: { paths: ['users/dana'], adminUid: null, adminEmail: 'ops@acme.example' }, administrator: false }
    ]
  ])('with no auth context, stays Unknown and outside Ledgerdesk when the write %s', (_what, write, evidence) => {
    expect(made(write, evidence)).toEqual({ writer: { kind: 'unknown', id: null }, auditId: null, outside: true });
  });

  it('names no e-mail for an administrator whose write is outside Ledgerdesk (an entry of another record)', () => {
    const elsewhere = { paths: ['users/wes'], adminUid: 'admin-uid', adminEmail: 'ops@acme.example' };
    expect(made(credit(admin), { auditEntry: elsewhere, administrator: true })).toEqual({
      writer: { kind: 'administrator', id: 'admin-uid' },
      auditId: null,
      outside: true
    });
  });
});
