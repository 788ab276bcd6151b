import { describe, expect, it } from 'vitest';
import { chainNext, EMPTY_HEAD, type ChainedEntry, type ChainHead } from '../../../../src/shared/domain/chain';
import {
  changedRunReadBound,
  checkCustomer,
  countOutcome,
  emptySummary,
  FINDINGS_LISTED,
  fullRunWeekdayOf,
  nightKindOf,
  platformTotalOf,
  readCheckedHead,
  readFrom,
  sampleSize,
  type CheckedHead
} from '../../../../src/shared/domain/nightlyCheck';

/** A customer's chain: genesis at $100, then entries each moving the balance, Ledgerdesk's or outside. */
function chainOf(userId: string, balances: { cents: number; auditId?: string }[]) {
  let head: ChainHead = EMPTY_HEAD;
  const entries: ChainedEntry[] = [];
  const add = (data: Record<string, unknown>, id: string) => {
    const next = chainNext(head, data);
    entries.push({ path: `users/${userId}/journal/${id}`, data: { ...data, seq: next.seq, hash: next.hash } });
    head = next;
  };
  add({ kind: 'genesis', userId, changes: [], balanceAfter: { cents: 10_000, unreadable: null }, at: 1_700_000_000_000 }, 'genesis');
  balances.forEach(({ cents, auditId }, i) =>
    add(
      {
        kind: 'updated',
        userId,
        changes: [],
        balanceAfter: { cents, unreadable: null },
        auditId: auditId ?? null,
        outside: !auditId,
        at: 1_700_000_000_000 + i + 1
      },
      `e${i + 1}`
    )
  );
  return { entries, head };
}

const headOf = (userId: string, head: ChainHead, balanceCents: number | null, verified: ChainHead | null = null): CheckedHead => ({
  userId,
  ...head,
  balanceCents,
  toCheck: true,
  verified: verified ? { ...verified, balanceCents: null, at: 0 } : null
});

describe('the nightly check of one changed customer', () => {
  it('reads on from the last verified head: the new entries link on to it and the stored balance is the head’s, so the head is verified and to-check cleared', () => {
    const { entries, head } = chainOf('ann', [{ cents: 12_500, auditId: 'a1' }, { cents: 9_000 }]);
    const verifiedAt = { seq: 2, hash: entries[1]!.data.hash as string };
    const outcome = checkCustomer({
      head: headOf('ann', head, 9_000, verifiedAt),
      entries: entries.slice(2),
      customer: { balance: 90 },
      auditIds: new Set(['a1']),
      full: false
    });
    expect(outcome).toEqual({ userId: 'ann', findings: [], verify: { seq: 3, hash: head.hash, balanceCents: 9_000 }, clear: true, entriesRead: 1 });
  });

  it('finds a balance edited without a journal entry as drift, in money, and still verifies the intact chain while keeping the customer to check', () => {
    const { entries, head } = chainOf('bob', [{ cents: 12_500, auditId: 'a1' }]);
    const outcome = checkCustomer({ head: headOf('bob', head, 12_500), entries, customer: { balance: '150.00' }, auditIds: new Set(['a1']), full: false });
    expect(outcome.findings).toEqual([
      {
        userId: 'bob',
        path: 'users/bob',
        kind: 'balance',
        reason: "Balance $150.00 differs from the journal's $125.00: changed without a journal entry."
      }
    ]);
    expect(outcome.verify).toEqual({ seq: 2, hash: head.hash, balanceCents: 12_500 });
    expect(outcome.clear).toBe(false);
  });

  it('finds an entry changed after it was written, naming it, and does not move the verified head past it', () => {
    const { entries, head } = chainOf('cat', [
      { cents: 12_500, auditId: 'a1' },
      { cents: 13_000, auditId: 'a2' }
    ]);
    const tampered = entries.map((entry) =>
      entry.path.endsWith('/e1') ? { ...entry, data: { ...entry.data, balanceAfter: { cents: 99_999, unreadable: null } } } : entry
    );
    const outcome = checkCustomer({
      head: headOf('cat', head, 13_000),
      entries: tampered,
      customer: { balance: 130 },
      auditIds: new Set(['a1', 'a2']),
      full: false
    });
    expect(outcome.findings).toHaveLength(1);
    expect(outcome.findings[0]).toMatchObject({ path: 'users/cat/journal/e1', kind: 'journal' });
    expect(outcome.findings[0]!.reason).toMatch(/it was changed/);
    expect(outcome.verify).toBeNull();
    expect(outcome.clear).toBe(false);
  });

  it('finds an entry that claims an audit entry which does not exist or does not cover the customer, by the Figures card’s rule', () => {
    const { entries, head } = chainOf('dan', [{ cents: 12_500, auditId: 'gone' }]);
    const outcome = checkCustomer({ head: headOf('dan', head, 12_500), entries, customer: { balance: 125 }, auditIds: new Set(), full: false });
    expect(outcome.findings.map((f) => [f.kind, f.path, f.reason])).toEqual([
      ['journal', 'users/dan/journal/e1', 'It names audit entry gone, which does not exist or does not cover users/dan: nobody answers for it.']
    ]);
    expect(outcome.verify).toBeNull();
  });

  it('re-reads a sampled customer from genesis: an old entry rewritten before the verified head is found', () => {
    const { entries, head } = chainOf('eve', [{ cents: 12_500 }, { cents: 13_000 }]);
    const rewritten = entries.map((entry) =>
      entry.path.endsWith('/genesis') ? { ...entry, data: { ...entry.data, balanceAfter: { cents: 1, unreadable: null } } } : entry
    );
    const outcome = checkCustomer({ head: headOf('eve', head, 13_000, head), entries: rewritten, customer: { balance: 130 }, auditIds: new Set(), full: true });
    expect(outcome.findings[0]).toMatchObject({ path: 'users/eve/journal/genesis', kind: 'journal' });
    expect(readFrom(headOf('eve', head, 0, head), true)).toBe(0);
    expect(readFrom(headOf('eve', head, 0, head), false)).toBe(3);
  });

  it('finds the last entry removed: the entries end before the head', () => {
    const { entries, head } = chainOf('fay', [{ cents: 12_500 }, { cents: 13_000 }]);
    const outcome = checkCustomer({
      head: headOf('fay', head, 13_000),
      entries: entries.slice(0, 2),
      customer: { balance: 130 },
      auditIds: new Set(),
      full: false
    });
    expect(outcome.findings).toMatchObject([{ path: 'journalHeads/fay', kind: 'journal' }]);
  });

  it('says a balance that is not an amount, and a deleted customer whose journal still leaves money, in words', () => {
    const { entries, head } = chainOf('gus', []);
    const text = checkCustomer({ head: headOf('gus', head, 10_000), entries, customer: { balance: 'lots' }, auditIds: new Set(), full: false });
    expect(text.findings[0]!.reason).toBe('Balance "lots" differs from the journal\'s $100.00: changed without a journal entry.');
    const gone = checkCustomer({ head: headOf('gus', head, 10_000), entries, customer: null, auditIds: new Set(), full: false });
    expect(gone.findings[0]!.reason).toBe("The customer's document is gone, but the journal's last entry leaves a balance of $100.00.");
  });
});

describe('the night around the customers', () => {
  it('reads a stored head with its verified head, and refuses what is not one', () => {
    const at = { toMillis: () => 42 };
    expect(readCheckedHead('u', { seq: 3, hash: 'h', balanceCents: 5, toCheck: true, verified: { seq: 2, hash: 'g', balanceCents: 4, at } })).toEqual({
      userId: 'u',
      seq: 3,
      hash: 'h',
      balanceCents: 5,
      toCheck: true,
      verified: { seq: 2, hash: 'g', balanceCents: 4, at: 42 }
    });
    expect(readCheckedHead('u', { seq: 'x', hash: 'h' })).toBeNull();
  });

  it('samples a 30th of the customers each night, so 30 nights cover all of them', () => {
    expect(sampleSize(100_000)).toBe(3_334);
    expect(sampleSize(100_000) * 30).toBeGreaterThanOrEqual(100_000);
    expect(sampleSize(7)).toBe(1);
    expect(sampleSize(0)).toBe(0);
  });

  it('runs in full on the weekday the settings name, or while no customer has a head; otherwise the changed customers only', () => {
    const friday = new Date(Date.UTC(2026, 11, 4, 2));
    expect(nightKindOf(friday, { reconciliationFullRunWeekday: 5 }, true)).toBe('full');
    expect(nightKindOf(friday, { reconciliationFullRunWeekday: 0 }, true)).toBe('changed');
    expect(nightKindOf(friday, {}, true)).toBe('changed');
    expect(nightKindOf(friday, {}, false)).toBe('full');
    expect(fullRunWeekdayOf({ reconciliationFullRunWeekday: 7 })).toBeNull();
  });

  it('compares the platform total the heads explain with the stored balances, in money', () => {
    expect(platformTotalOf(1_234_56, 1_234.56).problem).toBeNull();
    expect(platformTotalOf(1_000_00, 1_025).problem).toBe("The customers' balances add up to $1,025.00, $25.00 more than their journals explain ($1,000.00).");
  });

  it('lists the first findings and counts the rest, each customer and finding once when a customer is checked twice', () => {
    const summary = emptySummary();
    const seen = new Set<string>();
    for (let i = 0; i < FINDINGS_LISTED + 5; i++) {
      const finding = { userId: `u${i}`, path: `users/u${i}`, kind: 'balance' as const, reason: 'r' };
      countOutcome(summary, { userId: `u${i}`, findings: [finding], verify: null, clear: false, entriesRead: 0 }, seen);
    }
    const again = { userId: 'u0', path: 'users/u0', kind: 'balance' as const, reason: 'r' };
    countOutcome(summary, { userId: 'u0', findings: [again], verify: null, clear: false, entriesRead: 0 }, seen);
    expect(summary).toMatchObject({ withFindings: FINDINGS_LISTED + 5, findingCount: FINDINGS_LISTED + 5 });
    expect(summary.findings).toHaveLength(FINDINGS_LISTED);
  });

  it('bounds a night’s reads by what changed, not by the customers', () => {
    expect(changedRunReadBound(1_000, 1_000, 3_400, 100_000)).toBe(3_000 + 2_000 + 3_400 + 300 + 50);
    expect(changedRunReadBound(1_000, 1_000, 3_400, 200_000) - changedRunReadBound(1_000, 1_000, 3_400, 100_000)).toBe(300);
  });
});
