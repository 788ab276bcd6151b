import { describe, expect, it } from 'vitest';
import { JOURNAL_WORKLOAD, journalEvents, journalTarget, type JournalResult } from '../../../../tools/bench/measureJournal';
import { auditIdOf, journalEntryOf } from '@shared/domain/journal';

const people = [{ id: 'u1' }, { id: 'u2' }, { id: 'u3' }];

const measured = (over: Partial<JournalResult>): JournalResult => ({
  events: 300,
  moneyDeliveries: 250,
  moneyWrites: 200,
  noMoneyWrites: 50,
  namingAnEntry: 134,
  accounts: 1,
  redelivered: 50,
  calls: { doc: 634, runTransaction: 250, 'doc.get': 134, 'auth.getUser': 1 },
  appends: 250,
  reads: 634,
  entries: 200,
  ms: 900,
  msPerEvent: 3,
  ...over
});

describe('the bench’s journal measure', () => {
  it('delivers money changes claiming Ledgerdesk and outside it, writes with no money change, and some events again', () => {
    const { events, moneyWrites, noMoneyWrites } = journalEvents(people, Date.UTC(2026, 10, 28));
    const entries = events.map((event) => journalEntryOf(event));
    expect(events).toHaveLength(JOURNAL_WORKLOAD.ledgerdesk + JOURNAL_WORKLOAD.outside + JOURNAL_WORKLOAD.noMoney + JOURNAL_WORKLOAD.redelivered);
    expect([moneyWrites, noMoneyWrites]).toEqual([200, 50]);
    expect(events.filter((e) => e.after?.balance !== e.before?.balance && auditIdOf(e.before, e.after) !== null)).toHaveLength(100 + 34);
    expect(entries.filter((e) => e === null)).toHaveLength(50);
    expect(new Set(events.map((e) => e.id)).size).toBe(250);
  });

  it("is met with one append per delivery of a money change, one entry per change, one read per audit entry named beside the appends' two, and one claim lookup", () => {
    expect(journalTarget(measured({})).met).toBe(true);
    expect(journalTarget(measured({})).detail).toContain(
      '250 appends for 250 deliveries of a money change (50 of them again) and none for 50 other writes; 634 reads: 134 audit entries named, 2 per append; 1 claim lookups for 1 accounts'
    );
  });

  it.each([
    ['a read beyond the audit entries', { reads: 635, calls: { doc: 635, runTransaction: 250, 'doc.get': 135, 'auth.getUser': 1 } }],
    ['a claim looked up again', { calls: { doc: 634, runTransaction: 250, 'doc.get': 134, 'auth.getUser': 2 } }],
    ['an append for a write with no money change', { appends: 251, reads: 636, calls: { doc: 636, runTransaction: 251, 'doc.get': 134, 'auth.getUser': 1 } }],
    ['a second entry for an event delivered again', { entries: 250 }],
    ['a write of another kind', { calls: { doc: 634, runTransaction: 250, 'doc.get': 134, 'auth.getUser': 1, 'doc.set': 1 } }]
  ])('is missed by %s', (_what, over) => {
    expect(journalTarget(measured(over)).met).toBe(false);
  });
});
