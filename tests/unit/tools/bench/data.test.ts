import { describe, expect, it } from 'vitest';
import {
  buildBenchData,
  HEAVY,
  NO_DATE_EVERY,
  plantedAdjustmentCents,
  plantedDrift,
  RECONCILE,
  reconcilePlanted,
  scaledCounts,
  type BenchCounts
} from '../../../../tools/bench/data';
import { batchesOf, chunk } from '../../../../tools/bench/seeder';
import { median } from '../../../../tools/bench/timing';

describe('scaledCounts', () => {
  it('multiplies the default 100,000 users and of each money list', () => {
    const one = scaledCounts(1);
    expect([one.users, one.deposits, one.withdrawals, one.investments, one.compoundInvestments]).toEqual([100_000, 100_000, 100_000, 100_000, 100_000]);
    expect(scaledCounts(0.05).compoundInvestments).toBe(5_000);
    expect(scaledCounts(10).investments).toBe(1_000_000);
    expect(scaledCounts(0.000001).users).toBe(10);
    // The heavy customer's referrals, audit entries and e-mails come on top at every scale.
    expect(scaledCounts(0.01).referrals).toBe(HEAVY.referrals + 20);
  });
});

describe('buildBenchData', () => {
  const anchor = Date.UTC(2026, 0, 1);
  const counts: BenchCounts = {
    users: 2_000,
    deposits: 5_000,
    withdrawals: 3_000,
    investments: 2_500,
    compoundInvestments: 2_500,
    referrals: 100,
    auditEntries: 100,
    emails: 100
  };
  const data = buildBenchData(counts, anchor);

  it('is deterministic', () => {
    const again = buildBenchData(counts, anchor);
    expect(again.users[123]).toEqual(data.users[123]);
    expect(again.expected).toEqual(data.expected);
  });

  it('gives every user a unique lower-case e-mail, a name, a past timestamp and a referral id', () => {
    const emails = data.users.map((u) => u.data.email as string);
    expect(new Set(emails).size).toBe(emails.length);
    expect(emails.every((e) => e === e.toLowerCase() && /^[^@\s]+@[a-z.]+$/.test(e))).toBe(true);
    expect(data.users.every((u) => typeof u.data.fullname === 'string' && (u.data.timestamp as Date).getTime() < anchor)).toBe(true);
    expect(new Set(data.users.map((u) => u.data.myReferralId)).size).toBe(2_000);
  });

  it('uses every status, and its expected figures match the documents', () => {
    const statuses = (docs: typeof data.deposits) => new Set(docs.map((d) => d.data.status));
    expect(statuses(data.deposits)).toEqual(new Set(['pending', 'success', 'failed']));
    expect(statuses(data.withdrawals)).toEqual(new Set(['pending', 'approved', 'rejected']));
    const success = data.deposits.filter((d) => d.data.status === 'success');
    expect(data.expected.deposits.byStatus.success).toBe(success.length);
    const text = success.filter((d) => typeof d.data.amount === 'string');
    expect(data.expected.deposits.leftOut).toBe(text.length);
    expect(text.length).toBeGreaterThan(0);
    const cents = success.reduce((n, d) => n + (typeof d.data.amount === 'number' ? Math.round(d.data.amount * 100) : 0), 0);
    expect(data.expected.deposits.settledCents).toBe(cents);
  });

  it('stores a few deposit amounts as text like "1,234.00"', () => {
    const text = data.deposits.filter((d) => typeof d.data.amount === 'string');
    expect(text.length).toBe(3); // index 7, 1999, 3999
    expect(text.every((d) => /^\d{1,3}(,\d{3})*\.\d{2}$/.test(d.data.amount as string))).toBe(true);
  });

  it("points deposits and withdrawals at existing users, with the users' totals following from them", () => {
    const byId = new Map(data.users.map((u) => [u.id, u.data]));
    expect(data.deposits.every((d) => byId.get(d.data.userId as string)?.email === d.data.userEmail)).toBe(true);
    expect(data.withdrawals.every((w) => byId.get(w.data.userId as string)?.email === w.data.email)).toBe(true);
    const totalDeposited = data.users.reduce((n, u) => n + Math.round((u.data.Totaldeposit as number) * 100), 0);
    const extra = data.expected.reconciliation.storedExtraCents;
    // Text amounts an approval reads ("600.00") were credited too; the sum of numbers leaves them out.
    expect(data.expected.reconciliation.creditedTextCents).toBeGreaterThan(0);
    expect(totalDeposited).toBe(data.expected.deposits.settledCents + data.expected.reconciliation.creditedTextCents + extra.Totaldeposit);
    const totalWithdrawn = data.users.reduce((n, u) => n + Math.round((u.data.Totalwithdrawal as number) * 100), 0);
    expect(totalWithdrawn).toBe(data.expected.withdrawals.settledCents + extra.Totalwithdrawal);
  });

  it("plants a few drifted customers, and adjustments that explain other customers' figures", () => {
    const planted = reconcilePlanted(counts.users);
    expect(new Set([...planted.drifted, ...planted.adjusted, 0]).size).toBe(RECONCILE.drifted + RECONCILE.adjusted + 1);
    expect(data.expected.reconciliation.drifted).toEqual(planted.drifted.map((i) => data.users[i]!.id));
    const moves = data.collections.auditLog!.filter((d) => d.data.movedUserId !== undefined);
    expect(moves).toHaveLength(RECONCILE.adjusted);
    expect(data.expected.reconciliation.adjustmentEntries).toBe(RECONCILE.adjusted);
    expect(moves.map((d) => d.data.movedUserId)).toEqual(planted.adjusted.map((i) => data.users[i]!.id));
    expect(moves.map((d) => (d.data.moved as Record<string, number>).Totaldeposit)).toEqual(planted.adjusted.map((_, k) => plantedAdjustmentCents(k)));
    const driftCents = Array.from({ length: RECONCILE.drifted }, (_, k) => plantedDrift(k));
    const sum = (figure: string) => driftCents.filter((d) => d.figure === figure).reduce((n, d) => n + d.cents, 0);
    expect(data.expected.reconciliation.storedExtraCents).toEqual({
      Totaldeposit: sum('Totaldeposit') + planted.adjusted.reduce((n, _, k) => n + plantedAdjustmentCents(k), 0),
      Totalwithdrawal: sum('Totalwithdrawal')
    });
    // At the smallest scale too: ten customers hold the heavy one and every planted one.
    const tiny = reconcilePlanted(10);
    expect(new Set([...tiny.drifted, ...tiny.adjusted, 0]).size).toBe(10);
  });
});

describe('the review queues in the bench data', () => {
  const anchor = Date.UTC(2026, 0, 1);
  const counts = scaledCounts(0.02);
  const data = buildBenchData(counts, anchor);
  const of = (name: string) => data.collections[name]!;

  it('has one customer with 150 pending deposits in the range, and a full first page on every tab', () => {
    const { from, to } = data.range;
    const inRange = of('deposits').filter((d) => {
      const at = d.data.timestamp as Date | undefined;
      return d.data.userId === data.heavy.id && d.data.status === 'pending' && at && at.toISOString() >= from && at.toISOString() <= to;
    });
    expect(inRange).toHaveLength(HEAVY.pendingInRange);
    expect(of('withdrawals').filter((d) => d.data.userId === data.heavy.id)).toHaveLength(HEAVY.withdrawals);
    expect(of('investments').filter((d) => d.data.userId === data.heavy.id)).toHaveLength(HEAVY.investments);
    expect(of('compoundInvest').filter((d) => d.data.email === data.heavy.email)).toHaveLength(HEAVY.compoundInvestments);
    expect(of('referrals').filter((d) => d.data.referrerId === data.heavy.id)).toHaveLength(HEAVY.referrals);
    expect(of('auditLog').filter((d) => (d.data.userIds as string[]).includes(data.heavy.id))).toHaveLength(HEAVY.auditEntries);
    expect(of('mailOutbox').filter((d) => d.data.to === data.heavy.email)).toHaveLength(HEAVY.emails);
    expect(data.users[0]!.data.referreduserid).toBe(data.users[1]!.data.myReferralId);
  });

  it('keeps a few % pending, and a few records without their date', () => {
    const pending = of('withdrawals').filter((d) => d.data.status === 'pending').length / counts.withdrawals;
    expect(pending).toBeGreaterThan(0.01);
    expect(pending).toBeLessThan(0.06);
    expect(of('compoundInvest').some((d) => d.data.status === 'pending')).toBe(true);
    expect(of('withdrawals').filter((d) => !('createdAt' in d.data))).toHaveLength(Math.floor(counts.withdrawals / NO_DATE_EVERY));
  });

  it('leaves no e-mail for the dispatcher to send', () => {
    expect(of('mailOutbox').every((d) => d.data.state === 'sent' && d.data.nextAttemptAt === null)).toBe(true);
  });
});

describe('helpers', () => {
  it('makes batches job after job, users last', () => {
    const job = (collection: string, n: number) => ({
      collection,
      count: n,
      docs: () => Array.from({ length: n }, (_, i) => ({ id: `${collection}${i}`, data: {} }))
    });
    const batches = [...batchesOf([job('a', 5), job('b', 2)], 2)];
    expect(batches.map((b) => `${b.collection}:${b.docs.length}`)).toEqual(['a:2', 'a:2', 'a:1', 'b:2']);
  });

  it('chunks into batches of at most the size', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 500)).toEqual([]);
  });

  it('takes the median', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(() => median([])).toThrow();
  });
});
