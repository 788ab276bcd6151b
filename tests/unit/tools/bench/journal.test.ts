import { describe, expect, it } from 'vitest';
import { JOURNAL_WORKLOAD, journalEvents, journalTarget, type JournalResult } from '../../../../tools/bench/measureJournal';
import { journalEntryOf } from '@shared/domain/journal';

const people = [{ id: 'u1' }, { id: 'u2' }, { id: 'u3' }];

const measured = (over: Partial<JournalResult>): JournalResult => ({
  events: 300,
  moneyDeliveries: 250,
  moneyWrites: 200,
  noMoneyWrites: 50,
  redelivered: 50,
  calls: { doc: 250, 'doc.create': 250 },
  creates: 250,
  reads: 0,
  entries: 200,
  ms: 900,
  msPerEvent: 3,
  ...over
});

describe('the bench’s journal measure', () => {
  it('delivers money changes by Ledgerdesk and outside it, writes with no money change, and some events again', () => {
    const { events, moneyWrites, noMoneyWrites } = journalEvents(people, Date.UTC(2026, 10, 28));
    const entries = events.map(journalEntryOf);
    expect(events).toHaveLength(JOURNAL_WORKLOAD.ledgerdesk + JOURNAL_WORKLOAD.outside + JOURNAL_WORKLOAD.noMoney + JOURNAL_WORKLOAD.redelivered);
    expect([moneyWrites, noMoneyWrites]).toEqual([200, 50]);
    expect(entries.filter((e) => e?.outside === false)).toHaveLength(100 + 34);
    expect(entries.filter((e) => e === null)).toHaveLength(50);
    expect(new Set(events.map((e) => e.id)).size).toBe(250);
  });

  it('is met with one write per delivery of a money change, one entry per change and no read', () => {
    expect(journalTarget(measured({})).met).toBe(true);
    expect(journalTarget(measured({})).detail).toContain(
      '250 writes for 250 deliveries of a money change (50 of them again) and none for 50 other writes; 0 reads'
    );
  });

  it.each([
    ['a read', { reads: 1, calls: { doc: 250, 'doc.create': 250, 'doc.get': 1 } }],
    ['a write for a write with no money change', { creates: 251, calls: { doc: 251, 'doc.create': 251 } }],
    ['a second entry for an event delivered again', { entries: 250 }],
    ['a write of another kind', { calls: { doc: 250, 'doc.create': 250, 'doc.set': 1 } }]
  ])('is missed by %s', (_what, over) => {
    expect(journalTarget(measured(over)).met).toBe(false);
  });
});
