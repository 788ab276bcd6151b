import { describe, expect, it } from 'vitest';
import { buildBenchData, scaledCounts } from '../../../tools/bench/data';
import { chunk } from '../../../tools/bench/seeder';
import { median } from '../../../tools/bench/timing';

describe('scaledCounts', () => {
  it('multiplies the default 100,000 of each', () => {
    expect(scaledCounts(1)).toEqual({ users: 100_000, deposits: 100_000, withdrawals: 100_000 });
    expect(scaledCounts(0.05)).toEqual({ users: 5_000, deposits: 5_000, withdrawals: 5_000 });
    expect(scaledCounts(0.000001).users).toBe(10);
  });
});

describe('buildBenchData', () => {
  const anchor = Date.UTC(2026, 0, 1);
  const data = buildBenchData({ users: 2_000, deposits: 5_000, withdrawals: 3_000 }, anchor);

  it('is deterministic', () => {
    const again = buildBenchData({ users: 2_000, deposits: 5_000, withdrawals: 3_000 }, anchor);
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
    expect(totalDeposited).toBe(data.expected.deposits.settledCents);
  });
});

describe('helpers', () => {
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
