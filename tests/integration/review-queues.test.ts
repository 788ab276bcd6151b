import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Input } from '../../src/shared/contract';
import { DEMO_ADMIN } from '../../tools/devenv/demo-accounts';
import { at, NO_BACKEND, typed, usePlatform, writeMoneyFixtures } from '../support/integration/moneyFixtures';

/**
 * The review queues on the emulators, through the app's own methods: every filter, every order,
 * their combinations and the cursor across pages, checked against a model of the seeded records
 * (the order Firestore must give: the sort value, then the document id to break ties).
 */

const HOUR = 3_600_000;
const BASE = Date.UTC(2026, 2, 1); // 1 March 2026, 00:00 UTC

interface Seeded {
  id: string;
  userId: string;
  email: string;
  status: string;
  /** A number, text (left out of "largest") or missing. */
  amount: unknown;
  /** Milliseconds, or undefined: the record has no date. */
  ms: number | undefined;
}

const deposits: Seeded[] = [];
const seed = (record: Seeded) => deposits.push(record);
// Amy: 120 deposits. Three share each hour and each amount, so the cursor must break ties by id.
for (let i = 0; i < 120; i++) {
  seed({
    id: `amy-${String(i).padStart(3, '0')}`,
    userId: 'amy',
    email: 'amy@example.com',
    status: (['pending', 'success', 'failed'] as const)[i % 3] as string,
    amount: ((i * 7) % 40) * 10 + 5,
    ms: BASE + Math.floor(i / 3) * HOUR
  });
}
// Bob: 30 pending deposits interleaved with Amy's.
for (let i = 0; i < 30; i++) {
  seed({
    id: `bob-${String(i).padStart(2, '0')}`,
    userId: 'bob',
    email: 'bob@example.com',
    status: 'pending',
    amount: 1000 + i,
    ms: BASE + i * 90 * 60_000 + 60_000
  });
}
// Dee: the edges of one day in India (+05:30), later than everything else.
const DAY = { from: '2027-03-10T00:00:00.000+05:30', to: '2027-03-10T23:59:59.999+05:30' };
for (const [id, iso] of [
  ['dee-1-before', '2027-03-09T18:29:59.999Z'],
  ['dee-2-first-ms', '2027-03-09T18:30:00.000Z'],
  ['dee-3-midday', '2027-03-10T06:30:00.000Z'],
  ['dee-4-last-ms', '2027-03-10T18:29:59.999Z'],
  ['dee-5-after', '2027-03-10T18:30:00.000Z']
] as const) {
  seed({ id, userId: 'dee', email: 'dee@example.com', status: 'success', amount: 50, ms: Date.parse(iso) });
}
// Eve: records that cannot take their place in every order.
seed({ id: 'eve-no-date', userId: 'eve', email: 'eve@example.com', status: 'pending', amount: 70, ms: undefined });
seed({ id: 'eve-text-amount', userId: 'eve', email: 'eve@example.com', status: 'pending', amount: '1,200.00', ms: BASE + 5 * HOUR });
seed({ id: 'eve-no-amount', userId: 'eve', email: 'eve@example.com', status: 'success', amount: undefined, ms: BASE + 6 * HOUR });
seed({ id: 'eve-dated', userId: 'eve', email: 'eve@example.com', status: 'pending', amount: 30, ms: BASE + 7 * HOUR });

type DepositQuery = Input<'deposits.list'>;
type Order = NonNullable<DepositQuery['order']>;

/** What the list must answer: the ids in order, and how many match but lack the sort field. */
function expected(q: DepositQuery): { ids: string[]; unlisted: number } {
  const order: Order = q.order ?? 'newest';
  const customer = q.customer ?? null;
  const matches = deposits.filter(
    (d) => (!q.status || d.status === q.status) && (!customer || ('userId' in customer ? d.userId === customer.userId : d.email === customer.email))
  );
  const from = q.from ? Date.parse(q.from) : -Infinity;
  const to = q.to ? Date.parse(q.to) : Infinity;
  const listable = matches.filter((d) => (order === 'largest' ? typeof d.amount === 'number' : d.ms !== undefined));
  const inRange = listable.filter((d) => order === 'largest' || ((d.ms as number) >= from && (d.ms as number) <= to));
  const key = (d: Seeded) => (order === 'largest' ? (d.amount as number) : (d.ms as number));
  const sign = order === 'oldest' ? 1 : -1;
  const sorted = [...inRange].sort((a, b) => sign * (key(a) - key(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)));
  return { ids: sorted.map((d) => d.id), unlisted: matches.length - listable.length };
}

describe('review queues against the emulators', () => {
  // Read-only tests: the platform and the deposits are set up once.
  const platform = usePlatform({ per: 'file' });
  const call: ReturnType<typeof typed> = (method, input) => typed(platform.app)(method, input);

  beforeAll(async () => {
    const { db } = platform;
    const batch = db.batch();
    for (const d of deposits) {
      batch.set(db.doc(`deposits/${d.id}`), {
        userId: d.userId,
        userEmail: d.email,
        username: d.userId,
        method: 'BITCOIN',
        status: d.status,
        ...(d.amount === undefined ? {} : { amount: d.amount }),
        ...(d.ms === undefined ? {} : { timestamp: at(new Date(d.ms).toISOString()) })
      });
    }
    await batch.commit();
  });

  const ok = async <T>(result: Promise<{ ok: true; value: T } | { ok: false; error: { code: string; message: string } }>) => {
    const r = await result;
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    return r.value;
  };

  /** Every page of a filtered list, checking each page's size and that only the last has no cursor. */
  async function walk(q: DepositQuery, pageSize = 10) {
    const first = await ok(call('deposits.list', { ...q, pageSize }));
    const ids = first.rows.map((r) => r.id);
    let pages = 1;
    let cursor = first.nextCursor;
    while (cursor) {
      expect(pages, 'walked too far').toBeLessThan(100);
      const page = await ok(call('deposits.list', { ...q, pageSize, cursor }));
      // Later pages carry no counts: the first page already said them.
      expect(page.total).toBeNull();
      expect(page.rows.length).toBeGreaterThan(0);
      expect(page.rows.length).toBeLessThanOrEqual(pageSize);
      if (page.nextCursor) expect(page.rows).toHaveLength(pageSize);
      ids.push(...page.rows.map((r) => r.id));
      cursor = page.nextCursor;
      pages++;
    }
    return { ids, pages, first };
  }

  async function expectListed(q: DepositQuery) {
    const want = expected(q);
    const got = await walk(q);
    expect(got.ids).toEqual(want.ids);
    expect(new Set(got.ids).size).toBe(got.ids.length);
    expect(got.first.total).toBe(want.ids.length);
    expect(got.first.unlisted).toBe(want.unlisted);
    return got;
  }

  it('walks 12 pages of a 120-record customer list, 10 a page: no duplicates, no gaps, order kept, last cursor null', async () => {
    const got = await expectListed({ customer: { userId: 'amy' } });
    expect(got.ids).toHaveLength(120);
    expect(got.pages).toBe(12);
    expect(got.ids[0]).toBe('amy-119');
    expect(got.ids.at(-1)).toBe('amy-000');
    // The same walk oldest first and largest first (amounts repeat three times each).
    expect((await expectListed({ customer: { userId: 'amy' }, order: 'oldest' })).ids[0]).toBe('amy-000');
    expect((await expectListed({ customer: { userId: 'amy' }, order: 'largest' })).pages).toBe(12);
  });

  it('filters by each filter alone', async () => {
    for (const status of ['pending', 'success', 'failed'] as const) await expectListed({ status });
    await expectListed({ customer: { userId: 'bob' } });
    await expectListed({ customer: { email: 'dee@example.com' } });
    await expectListed({ from: DAY.from });
    await expectListed({ to: DAY.to });
    // Each order alone, over the whole collection.
    for (const order of ['newest', 'oldest', 'largest'] as const) await expectListed({ order });
  });

  it('from and to are inclusive to the millisecond at the edges of a day in a non-UTC offset', async () => {
    const got = await expectListed({ from: DAY.from, to: DAY.to });
    expect(got.ids).toEqual(['dee-4-last-ms', 'dee-3-midday', 'dee-2-first-ms']);
    const oldest = await expectListed({ customer: { email: 'dee@example.com' }, from: DAY.from, to: DAY.to, order: 'oldest' });
    expect(oldest.ids).toEqual(['dee-2-first-ms', 'dee-3-midday', 'dee-4-last-ms']);
    // The same day west of Greenwich is another day: New York at -04:00.
    const newYork = await expectListed({ from: '2027-03-09T00:00:00.000-04:00', to: '2027-03-09T23:59:59.999-04:00' });
    expect(newYork.ids).toEqual(['dee-2-first-ms', 'dee-1-before']);
  });

  it('combines status, customer, dates and oldest first, and the customer by e-mail or by id gives the same queue', async () => {
    const window = { from: '2026-03-02T08:00:00.000+05:30', to: '2026-03-03T20:00:00.000+05:30' };
    const byEmail = await expectListed({ status: 'pending', customer: { email: 'amy@example.com' }, ...window, order: 'oldest' });
    const byId = await expectListed({ status: 'pending', customer: { userId: 'amy' }, ...window, order: 'oldest' });
    expect(byEmail.ids).toEqual(byId.ids);
    expect(byId.ids.length).toBeGreaterThan(10); // more than one page
    expect(byId.ids.every((id) => id.startsWith('amy-'))).toBe(true);
    // The pending queue across customers, oldest first: Amy and Bob interleaved, Eve's undated one counted.
    const queue = await expectListed({ status: 'pending', order: 'oldest' });
    expect(queue.first.unlisted).toBe(1);
    await expectListed({ status: 'success', customer: { userId: 'amy' }, order: 'largest' });
    await expectListed({ status: 'failed', ...window, order: 'newest' });
  });

  it('counts records lacking the sort field in unlisted on the first page instead of losing them', async () => {
    const newest = await ok(call('deposits.list', { customer: { userId: 'eve' } }));
    expect(newest.rows.map((r) => r.id)).toEqual(['eve-dated', 'eve-no-amount', 'eve-text-amount']);
    expect(newest).toMatchObject({ total: 3, unlisted: 1 });
    // Largest first leaves out the text amount and the missing one, and says so.
    const largest = await ok(call('deposits.list', { customer: { userId: 'eve' }, order: 'largest' }));
    expect(largest.rows.map((r) => r.id)).toEqual(['eve-no-date', 'eve-dated']);
    expect(largest).toMatchObject({ total: 2, unlisted: 2 });
    // With dates, the undated one is still counted.
    const dated = await ok(call('deposits.list', { customer: { userId: 'eve' }, from: '2026-03-01T00:00:00.000Z' }));
    expect(dated).toMatchObject({ total: 3, unlisted: 1 });
  });

  it('counts per status within customer and dates, by aggregation', async () => {
    const window = { from: '2026-03-02T00:00:00.000+01:00', to: '2026-03-03T23:59:59.999+01:00' };
    const counts = await ok(call('deposits.counts', { customer: { userId: 'amy' }, ...window }));
    const n = (status: string) => expected({ status: status as 'pending', customer: { userId: 'amy' }, ...window }).ids.length;
    expect(counts).toEqual({
      all: expected({ customer: { userId: 'amy' }, ...window }).ids.length,
      statuses: { pending: n('pending'), success: n('success'), failed: n('failed') }
    });
    expect(counts.all).toBe(counts.statuses.pending! + counts.statuses.success! + counts.statuses.failed!);
    expect(await ok(call('deposits.counts', {}))).toEqual({
      all: deposits.filter((d) => d.ms !== undefined).length,
      statuses: {
        pending: deposits.filter((d) => d.status === 'pending' && d.ms !== undefined).length,
        success: deposits.filter((d) => d.status === 'success' && d.ms !== undefined).length,
        failed: deposits.filter((d) => d.status === 'failed' && d.ms !== undefined).length
      }
    });
  });

  it('focus starts the first page at the record, and the cursor goes on from there', async () => {
    const q = { customer: { userId: 'amy' } } as const;
    const all = expected(q).ids;
    const page = await ok(call('deposits.list', { ...q, focus: 'amy-050' }));
    const at50 = all.indexOf('amy-050');
    expect(page.rows.map((r) => r.id)).toEqual(all.slice(at50, at50 + 10));
    const next = await ok(call('deposits.list', { ...q, cursor: page.nextCursor }));
    expect(next.rows.map((r) => r.id)).toEqual(all.slice(at50 + 10, at50 + 20));
    // In the pending queue (oldest first) too.
    const queue = expected({ status: 'pending', order: 'oldest' }).ids;
    const focused = await ok(call('deposits.list', { status: 'pending', order: 'oldest', focus: 'bob-20' }));
    expect(focused.rows[0]?.id).toBe('bob-20');
    expect(focused.rows.map((r) => r.id)).toEqual(queue.slice(queue.indexOf('bob-20'), queue.indexOf('bob-20') + 10));
    const gone = await call('deposits.list', { focus: 'no-such-deposit' });
    expect(gone.ok ? null : gone.error.code).toBe('NOT_FOUND');
    // A record without the sort value has no place in that order: said, never an internal error.
    const noAmount = 'That record has no amount that is a number, so it has no place in the list largest first.';
    for (const [focus, order, message] of [
      ['eve-no-date', 'newest', 'That record has no date, so it has no place in the list.'],
      ['eve-no-amount', 'largest', noAmount],
      ['eve-text-amount', 'largest', noAmount]
    ] as const) {
      const answer = await call('deposits.list', { customer: { userId: 'eve' }, order, focus });
      expect(answer.ok ? null : answer.error, `${focus} ${order}`).toEqual({ code: 'NOT_FOUND', message });
    }
    // The same records have their place in the other orders.
    expect((await ok(call('deposits.list', { customer: { userId: 'eve' }, focus: 'eve-text-amount' }))).rows[0]?.id).toBe('eve-text-amount');
    expect((await ok(call('deposits.list', { customer: { userId: 'eve' }, order: 'largest', focus: 'eve-no-date' }))).rows[0]?.id).toBe('eve-no-date');
  });

  it('refuses largest with dates as VALIDATION with the reason, before any query', async () => {
    const refused = await call('deposits.list', { order: 'largest', from: DAY.from });
    expect(refused).toEqual({
      ok: false,
      error: {
        code: 'VALIDATION',
        message:
          'Largest first cannot be combined with dates: Firestore would read every record in the range to sort it. Sort newest or oldest first, or clear the dates.'
      }
    });
    const withdrawals = await call('withdrawals.list', { order: 'largest', to: DAY.to });
    expect(withdrawals.ok ? null : withdrawals.error.code).toBe('VALIDATION');
  });

  it('refuses dates the contract accepts but Firestore cannot store as VALIDATION, never INTERNAL', async () => {
    // Year 1 at +01:00 is still year 0 in UTC; the last millisecond of 9999 at -05:00 is already 10000.
    expect(await call('deposits.list', { from: '0001-01-01T00:00:00.000+01:00' })).toEqual({
      ok: false,
      error: { code: 'VALIDATION', message: 'The from date must be between the years 1 and 9999.' }
    });
    const late = await call('deposits.counts', { to: '9999-12-31T23:59:59.999-05:00' });
    expect(late.ok ? null : late.error).toEqual({ code: 'VALIDATION', message: 'The to date must be between the years 1 and 9999.' });
    // The edges themselves are dates like any other.
    const widest = await ok(call('deposits.list', { from: '0001-01-01T00:00:00.000Z', to: '9999-12-31T23:59:59.999Z' }));
    expect(widest.total).toBe(deposits.filter((d) => d.ms !== undefined).length);
  });

  it('refuses a forged or garbled cursor as VALIDATION, never INTERNAL', async () => {
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const real = (await ok(call('deposits.list', { customer: { userId: 'amy' } }))).nextCursor as string;
    const forged = [
      'garbage',
      real.slice(0, -3),
      'amy-050', // an old-style document id
      b64(['not', 'a', 'cursor']),
      b64([{ ts: [1e15, 0] }, 'amy-010']),
      b64([{ ts: [-1e11, 0] }, 'amy-010']), // before year 1: Firestore's own Timestamp refuses it
      b64([{ ts: [1, -1] }, 'amy-010']),
      b64([{ ts: ['1', 0] }, 'amy-010']),
      b64([{ nf: 'lots' }, 'amy-010']),
      b64([{ what: 1 }, 'amy-010']),
      b64([{ n: 5 }, 'users/amy']),
      b64([{ n: 5 }, '']),
      b64([{ n: 5 }, 42]),
      b64({ n: 5 }),
      'a+b/c==',
      'x'.repeat(5000)
    ];
    for (const cursor of forged) {
      const result = await call('deposits.list', { customer: { userId: 'amy' }, cursor });
      expect(result.ok ? 'ok' : result.error.code, cursor.slice(0, 40)).toBe('VALIDATION');
    }
    // A well-formed cursor whose value is of another type is a valid (empty or short) page, not an error.
    for (const cursor of [b64([{ b: true }, 'amy-010']), b64([{ s: 'x' }, 'amy-010']), b64([{ z: 1 }, 'amy-010'])]) {
      const result = await call('deposits.list', { customer: { userId: 'amy' }, cursor });
      expect(result.ok ? 'ok' : result.error.code).not.toBe('INTERNAL');
    }
  });
});

describe('the other lists against the emulators', () => {
  const platform = usePlatform({ env: NO_BACKEND });
  const call: ReturnType<typeof typed> = (method, input) => typed(platform.app)(method, input);

  const ok = async <T>(result: Promise<{ ok: true; value: T } | { ok: false; error: { code: string; message: string } }>) => {
    const r = await result;
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    return r.value;
  };
  const ms = (hours: number) => at(new Date(BASE + hours * HOUR).toISOString());

  it('withdrawals: the pending queue oldest first, and one customer by id, across pages', async () => {
    const batch = platform.db.batch();
    for (let i = 0; i < 25; i++) {
      batch.set(platform.db.doc(`withdrawals/w${String(i).padStart(2, '0')}`), {
        userId: i % 2 ? 'wes' : 'amy',
        email: i % 2 ? 'wes@example.com' : 'amy@example.com',
        amount: i,
        status: i % 5 === 0 ? 'approved' : 'pending',
        createdAt: ms(25 - i)
      });
    }
    await batch.commit();
    const queue = await ok(call('withdrawals.list', { status: 'pending', order: 'oldest' }));
    expect(queue.rows[0]?.id).toBe('w24');
    expect(queue.rows.map((r) => r.status).every((s) => s === 'pending')).toBe(true);
    expect(queue.total).toBe(20);
    const second = await ok(call('withdrawals.list', { status: 'pending', order: 'oldest', cursor: queue.nextCursor }));
    expect(second.nextCursor).toBeNull(); // 20 pending: two full pages, and the look-ahead found no 21st
    expect([...queue.rows, ...second.rows].map((r) => r.id)).toEqual(
      Array.from({ length: 25 }, (_, i) => 24 - i)
        .filter((i) => i % 5 !== 0)
        .map((i) => `w${String(i).padStart(2, '0')}`)
    );
    const wes = await ok(call('withdrawals.list', { customer: { userId: 'wes' }, order: 'largest' }));
    expect(wes.rows.map((r) => r.amount)).toEqual([23, 21, 19, 17, 15, 13, 11, 9, 7, 5]);
    expect(await ok(call('withdrawals.counts', { customer: { userId: 'wes' } }))).toEqual({
      all: 12,
      statuses: { pending: 10, approved: 2, rejected: 0 }
    });
  });

  it('investments by customer id and e-mail, compound investments by e-mail, with status and order', async () => {
    const batch = platform.db.batch();
    for (let i = 0; i < 14; i++) {
      const who = i % 2 ? 'amy' : 'bob';
      batch.set(platform.db.doc(`investments/i${String(i).padStart(2, '0')}`), {
        userId: who,
        email: `${who}@example.com`,
        plan: 'Gold',
        amount: 100 + i,
        status: i % 3 ? 'active' : 'completed',
        createdAt: ms(i)
      });
      batch.set(platform.db.doc(`compoundInvest/c${String(i).padStart(2, '0')}`), {
        email: `${who}@example.com`,
        plan: 'Compound',
        amount: i % 4 === 0 ? `${i} USD` : 200 + i,
        status: i % 3 ? 'active' : 'pending',
        startAt: ms(i)
      });
    }
    await batch.commit();
    const amyIds = [13, 11, 9, 7, 5, 3, 1].map((i) => `i${String(i).padStart(2, '0')}`);
    expect((await ok(call('investments.list', { customer: { userId: 'amy' } }))).rows.map((r) => r.id)).toEqual(amyIds);
    expect((await ok(call('investments.list', { customer: { email: 'amy@example.com' } }))).rows.map((r) => r.id)).toEqual(amyIds);
    const done = await ok(call('investments.list', { status: 'completed', order: 'oldest' }));
    expect(done.rows.map((r) => r.id)).toEqual(['i00', 'i03', 'i06', 'i09', 'i12']);

    const compound = await ok(call('compoundInvestments.list', { customer: { email: 'bob@example.com' }, order: 'oldest' }));
    expect(compound.rows.map((r) => r.id)).toEqual(['c00', 'c02', 'c04', 'c06', 'c08', 'c10', 'c12']);
    expect(compound).toMatchObject({ total: 7, unlisted: 0 });
    const compoundLargest = await ok(call('compoundInvestments.list', { customer: { email: 'bob@example.com' }, order: 'largest' }));
    expect(compoundLargest.rows.map((r) => r.id)).toEqual(['c10', 'c06', 'c02']);
    expect(compoundLargest).toMatchObject({ total: 3, unlisted: 4 }); // "0 USD", "4 USD", ... are text
    const pending = await ok(call('compoundInvestments.list', { status: 'pending', customer: { email: 'amy@example.com' } }));
    expect(pending.rows.map((r) => r.id)).toEqual(['c09', 'c03']);
    expect(await ok(call('compoundInvestments.counts', { customer: { email: 'amy@example.com' } }))).toEqual({
      all: 7,
      statuses: { active: 5, completed: 0, pending: 2 }
    });
    // Compound investments carry no customer id: asking by id is refused with the reason.
    const byId = await call('compoundInvestments.list', { customer: { userId: 'amy' } });
    expect(byId.ok ? null : byId.error.code).toBe('VALIDATION');
  });

  it('users: verified, the KYC queue oldest first, highest balance first, and the queue counts', async () => {
    const kycs = ['pending', 'approved', 'rejected', null, 'pending'] as const;
    const batch = platform.db.batch();
    for (let i = 0; i < 20; i++) {
      const kyc = kycs[i % 5];
      batch.set(platform.db.doc(`users/u${String(i).padStart(2, '0')}`), {
        fullname: `Customer ${i}`,
        email: `u${i}@example.com`,
        verified: i % 2 === 0,
        balance: i % 7 === 3 ? 'twelve' : i * 10,
        ...(kyc ? { kyc: { status: kyc, fullName: `Customer ${i}` } } : {}),
        timestamp: ms(i)
      });
    }
    await batch.commit();
    const kycQueue = await ok(call('users.list', { kyc: 'pending', order: 'oldest' }));
    expect(kycQueue.rows.map((r) => r.id)).toEqual(['u00', 'u04', 'u05', 'u09', 'u10', 'u14', 'u15', 'u19']);
    expect(kycQueue.rows.every((r) => r.kycStatus === 'pending')).toBe(true);
    expect(await ok(call('users.count', { kyc: 'pending', order: 'oldest' }))).toEqual({ total: 8, unlisted: 0 });

    const verified = await ok(call('users.list', { verified: true }));
    expect(verified.rows.map((r) => r.id)).toEqual(['u18', 'u16', 'u14', 'u12', 'u10', 'u08', 'u06', 'u04', 'u02', 'u00']);
    const unverifiedPending = await ok(call('users.list', { verified: false, kyc: 'pending' }));
    expect(unverifiedPending.rows.map((r) => r.id)).toEqual(['u19', 'u15', 'u09', 'u05']);

    const richest = await ok(call('users.list', { order: 'largest' }));
    const numeric = Array.from({ length: 20 }, (_, i) => i).filter((i) => i % 7 !== 3);
    expect(richest.rows.map((r) => r.id)).toEqual(numeric.reverse().map((i) => `u${String(i).padStart(2, '0')}`));
    // u03, u10 and u17 hold text: left out and counted.
    expect(await ok(call('users.count', { order: 'largest' }))).toEqual({ total: 17, unlisted: 3 });
    expect(await ok(call('users.count', { verified: false }))).toEqual({ total: 10, unlisted: 0 });

    const none = await call('users.list', { kyc: 'none' });
    expect(none.ok ? null : none.error).toEqual({
      code: 'VALIDATION',
      message: 'Firestore cannot list records by a missing field, so customers without KYC are counted, not listed.'
    });
    expect(await ok(call('users.verificationCounts', {}))).toEqual({
      all: 20,
      verified: { yes: 10, no: 10 },
      kyc: { none: 4, pending: 8, approved: 4, rejected: 4, resubmissionRequested: 0, expired: 0 }
    });

    // The same lists by cursor in pages of 3, with a balance and a joining time shared by two customers.
    await platform.db.doc('users/u21').set({ fullname: 'Tie', balance: 110, verified: true, kyc: { status: 'pending' }, timestamp: ms(0) });
    const walkUsers = async (q: Input<'users.list'>) => {
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { rows: { id: string }[]; nextCursor: string | null } = await ok(call('users.list', { ...q, cursor, pageSize: 3 }));
        ids.push(...page.rows.map((r) => r.id));
        cursor = page.nextCursor;
      } while (cursor);
      return ids;
    };
    const richestWalk = await walkUsers({ order: 'largest' });
    expect(richestWalk).toEqual((await ok(call('users.list', { order: 'largest' }))).rows.map((r) => r.id));
    expect(richestWalk).toHaveLength(18);
    expect(richestWalk.slice(richestWalk.indexOf('u12'), richestWalk.indexOf('u12') + 4)).toEqual(['u12', 'u21', 'u11', 'u09']);
    expect(await walkUsers({ kyc: 'pending', order: 'oldest' })).toEqual(['u00', 'u21', 'u04', 'u05', 'u09', 'u10', 'u14', 'u15', 'u19']);
  });

  it('users.profile names who referred the customer, found by referral code', async () => {
    await writeMoneyFixtures(platform.db);
    const dana = await ok(call('users.profile', { id: 'dana' }));
    expect(dana).toMatchObject({
      id: 'dana',
      fullname: 'Dana Depositor',
      referralCode: 'REFDANA',
      referredBy: { code: 'REFRITA', id: 'rita', name: 'Rita Referrer' }
    });
    expect((await ok(call('users.profile', { id: 'rita' }))).referredBy).toBeNull();
    await platform.db.doc('users/lost').set({ fullname: 'Lost Lamb', referreduserid: 'NOSUCHCODE' });
    expect((await ok(call('users.profile', { id: 'lost' }))).referredBy).toEqual({ code: 'NOSUCHCODE', id: null, name: null });
    // Codes that cannot be document ids are shown as they are, not looked up as ids.
    for (const code of ['..', '__odd__', 'a/b', 'x'.repeat(1_600)]) {
      await platform.db.doc('users/lost').update({ referreduserid: code });
      expect((await ok(call('users.profile', { id: 'lost' }))).referredBy, code.slice(0, 20)).toEqual({ code, id: null, name: null });
    }
    const gone = await call('users.profile', { id: 'nobody' });
    expect(gone.ok ? null : gone.error.code).toBe('NOT_FOUND');
  });

  it('referrals.list for one referrer finds referrals naming their id and naming their code', async () => {
    const batch = platform.db.batch();
    batch.set(platform.db.doc('users/rita'), { fullname: 'Rita Referrer', myReferralId: 'REFRITA' });
    batch.set(platform.db.doc('users/carl'), { fullname: 'Carl', myReferralId: 'REFCARL' });
    for (let i = 0; i < 28; i++) {
      const referrerId = ['rita', 'REFRITA', 'carl', 'REFCARL'][i % 4] as string;
      batch.set(platform.db.doc(`referrals/r${String(i).padStart(2, '0')}`), { referrerId, name: `Client ${i}`, timestamp: ms(i) });
    }
    await batch.commit();
    const first = await ok(call('referrals.list', { referrer: { userId: 'rita', code: 'REFRITA' } }));
    expect(first.rows).toHaveLength(10);
    const next = await ok(call('referrals.list', { referrer: { userId: 'rita', code: 'REFRITA' }, cursor: first.nextCursor }));
    expect(next.nextCursor).toBeNull();
    const rows = [...first.rows, ...next.rows];
    const rita = Array.from({ length: 28 }, (_, i) => 27 - i).filter((i) => i % 4 < 2);
    expect(rows.map((r) => r.clientName)).toEqual(rita.map((i) => `Client ${i}`));
    // One referrer's own list needs no lookup of their name (their page shows it): null, with their id.
    expect(rows.every((r) => r.referrerName === null && r.referrerUserId === 'rita')).toBe(true);
    const everyone = await ok(call('referrals.list', {}));
    expect(everyone.rows.filter((r) => r.referrerUserId === 'rita').every((r) => r.referrerName === 'Rita Referrer')).toBe(true);
    // Referrals naming their referrer by text that cannot be a document id still list, as "Unknown".
    await platform.db.doc('referrals/odd-1').set({ referrerId: '..', name: 'Odd One', timestamp: ms(100) });
    await platform.db.doc('referrals/odd-2').set({ referrerId: '__odd__', name: 'Odd Two', timestamp: ms(101) });
    const top = await ok(call('referrals.list', {}));
    expect(top.rows.slice(0, 2).map((r) => [r.clientName, r.referrerName, r.referrerUserId])).toEqual([
      ['Odd Two', 'Unknown', null],
      ['Odd One', 'Unknown', null]
    ]);
    // A referral code equal to the document id is the same referrer, asked once.
    const same = await ok(call('referrals.list', { referrer: { userId: 'carl', code: 'carl' } }));
    expect(same.rows.map((r) => r.clientName)).toEqual(['Client 26', 'Client 22', 'Client 18', 'Client 14', 'Client 10', 'Client 6', 'Client 2']);
    const byIdOnly = await ok(call('referrals.list', { referrer: { userId: 'carl' } }));
    expect(byIdOnly.rows.map((r) => r.clientName)).toEqual(['Client 26', 'Client 22', 'Client 18', 'Client 14', 'Client 10', 'Client 6', 'Client 2']);
  });

  it('audit.list by customer finds a deposit approval under the depositor and its referral bonus under the referrer; mail.outbox by recipient', async () => {
    await writeMoneyFixtures(platform.db);
    await platform.db.doc('users/zed').set({ fullname: 'Zed', balance: 1 });
    expect((await call('deposits.setStatus', { operationId: randomUUID(), id: 'dep-linked', status: 'success' })).ok).toBe(true);
    expect((await call('withdrawals.setStatus', { operationId: randomUUID(), id: 'wd-reject', status: 'rejected' })).ok).toBe(true);
    expect(
      (
        await call('users.adjust', {
          operationId: randomUUID(),
          id: 'zed',
          field: 'balance',
          operation: 'add',
          amount: 1,
          reason: 'Test',
          allowNegative: false
        })
      ).ok
    ).toBe(true);

    const paths = async (userId: string) => (await ok(call('audit.list', { userId }))).rows.map((r) => r.entityPath);
    expect(await paths('dana')).toEqual(['deposits/dep-linked']);
    expect(await paths('rita')).toEqual(['deposits/dep-linked']); // the bonus moved Rita's balance
    expect(await paths('wes')).toEqual(['withdrawals/wd-reject']);
    expect(await paths('zed')).toEqual(['users/zed']);
    expect(await paths('nobody')).toEqual([]);
    const stored = (await platform.db.collection('auditLog').where('entityPath', '==', 'deposits/dep-linked').get()).docs[0];
    expect([...(stored?.get('userIds') as string[])].sort()).toEqual(['dana', 'rita']);
    // Kind and customer together.
    expect((await ok(call('audit.list', { userId: 'rita', kind: 'deposit' }))).rows).toHaveLength(1);
    expect((await ok(call('audit.list', { userId: 'rita', kind: 'withdrawal' }))).rows).toHaveLength(0);

    // A customer's audit entries page by cursor, newest first.
    for (let i = 0; i < 5; i++) {
      const adjusted = await call('users.adjust', {
        operationId: randomUUID(),
        id: 'zed',
        field: 'balance',
        operation: 'add',
        amount: 1,
        reason: `Step ${i}`,
        allowNegative: false
      });
      expect(adjusted.ok).toBe(true);
    }
    const firstAudit = await ok(call('audit.list', { userId: 'zed', pageSize: 4 }));
    expect(firstAudit.nextCursor).not.toBeNull();
    const secondAudit = await ok(call('audit.list', { userId: 'zed', pageSize: 4, cursor: firstAudit.nextCursor }));
    expect(secondAudit.nextCursor).toBeNull();
    expect([...firstAudit.rows, ...secondAudit.rows].map((r) => r.reason)).toEqual(['Step 4', 'Step 3', 'Step 2', 'Step 1', 'Step 0', 'Test']);

    const outbox = async (to: string) => (await ok(call('mail.outbox', { to }))).rows.map((r) => [r.to, r.subject]);
    expect(await outbox('rita@example.com')).toEqual([['rita@example.com', 'Referral Bonus Earned']]);
    expect(await outbox('dana@example.com')).toEqual([['dana@example.com', 'Investment Successfully Activated']]);
    expect(await outbox('wes@example.com')).toHaveLength(1);
    expect(await outbox('nobody@example.com')).toEqual([]);
  });

  it('audit.list by administrator keeps the entries one administrator signed, alone or with kind and customer', async () => {
    await writeMoneyFixtures(platform.db);
    expect((await call('deposits.setStatus', { operationId: randomUUID(), id: 'dep-linked', status: 'success' })).ok).toBe(true);
    const adjust = { operationId: randomUUID(), id: 'wes', field: 'balance', operation: 'add', amount: 1, reason: 'Goodwill', allowNegative: false } as const;
    expect((await call('users.adjust', adjust)).ok).toBe(true);
    // A second administrator's decision, as their own copy of Ledgerdesk stores it.
    await platform.db.doc('auditLog/by-second').set({
      kind: 'deposit',
      action: 'deposit.status',
      entityPath: 'deposits/dep-string',
      summary: 'Deposit failed',
      before: {},
      after: {},
      paths: ['deposits/dep-string'],
      userIds: ['dana'],
      adminUid: 'second-admin',
      adminEmail: 'second@acme.example',
      at: ms(1)
    });

    const signed = async (input: Input<'audit.list'>) => (await ok(call('audit.list', input))).rows.map((r) => [r.entityPath, r.adminUid, r.adminEmail]);
    const mine = (path: string) => [path, DEMO_ADMIN.uid, DEMO_ADMIN.email];
    expect(await signed({ adminUid: DEMO_ADMIN.uid })).toEqual([mine('users/wes'), mine('deposits/dep-linked')]);
    expect(await signed({ adminUid: 'second-admin' })).toEqual([['deposits/dep-string', 'second-admin', 'second@acme.example']]);
    expect(await signed({ adminUid: DEMO_ADMIN.uid, kind: 'deposit' })).toEqual([mine('deposits/dep-linked')]);
    expect(await signed({ adminUid: DEMO_ADMIN.uid, kind: 'withdrawal' })).toEqual([]);
    expect(await signed({ adminUid: 'second-admin', userId: 'dana' })).toEqual([['deposits/dep-string', 'second-admin', 'second@acme.example']]);
    expect(await signed({ adminUid: DEMO_ADMIN.uid, userId: 'rita', kind: 'deposit' })).toEqual([mine('deposits/dep-linked')]);
    expect(await signed({ adminUid: 'nobody' })).toEqual([]);
    // Without the filter, both administrators' entries.
    expect(await signed({})).toHaveLength(3);
  });
});
