// Bench data: deterministic users, the four money lists, referrals, audit entries and e-mails at
// any size, with the fields the app reads, plus the figures a correct dashboard must show (to check
// the measured paths agree). Generated lazily, collection by collection, so a million of each never
// sits in memory at once; buildBenchData keeps everything (for tests and small scales).
import { fromCents, readAmount, toCents } from '../../src/shared/domain/money';
import { compoundInvestmentStatuses, depositStatuses, investmentStatuses, withdrawalStatuses } from '../../src/shared/domain/statuses';
import { coins, type Coin } from '../../src/shared/domain/wallets';
import { Rng } from '../devenv/rng';
import { addToTally, newTally, type Tally } from './tally';

export interface BenchCounts {
  users: number;
  deposits: number;
  withdrawals: number;
  investments: number;
  compoundInvestments: number;
  referrals: number;
  auditEntries: number;
  emails: number;
}

export interface BenchDoc {
  id: string;
  data: Record<string, unknown>;
}

const DAY = 86_400_000;
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const HEX = '0123456789abcdef';
const FIRST = [
  'Olivia',
  'Liam',
  'Amara',
  'Noah',
  'Sofia',
  'Mateo',
  'Chloe',
  'Ethan',
  'Priya',
  'Lucas',
  'Hannah',
  'Diego',
  'Mei',
  'Oliver',
  'Fatima',
  'James',
  'Aisha',
  'Daniel',
  'Yuki',
  'Samuel',
  'Elena',
  'Kwame',
  'Grace',
  'Arjun',
  'Isabella',
  'Tomasz',
  'Zoe',
  'Omar',
  'Lena',
  'Gabriel',
  'Nia',
  'Henrik',
  'Camila',
  'Ravi',
  'Emily',
  'Chinedu',
  'Sarah',
  'Marco',
  'Ingrid',
  'Tariq',
  'Beatriz',
  'Kofi',
  'Anna',
  'Viktor',
  'Leila',
  'Hugo',
  'Ama',
  'Jonas',
  'Rosa',
  'Felix'
];
const LAST = [
  'Johnson',
  'Okafor',
  'Nguyen',
  'Schmidt',
  'Garcia',
  "O'Brien",
  'Patel',
  'Kowalski',
  'Rossi',
  'Tanaka',
  'Mensah',
  'Andersson',
  'Silva',
  'Haddad',
  'Murphy',
  'Kim',
  'Dubois',
  'Novak',
  'Mwangi',
  'Fernandes',
  'Walker',
  'Ibrahim',
  'Larsen',
  'Costa',
  'Chen',
  'Adeyemi',
  'Brennan',
  'Moreau',
  'Singh',
  'Hughes',
  'Lopez',
  'Eze',
  'Virtanen',
  'Yilmaz',
  'Kaur',
  'Petrov',
  'Ali',
  'Martin',
  'Owusu',
  'Sato'
];
const DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'protonmail.com', 'hotmail.com', 'icloud.com', 'mail.com'];

const PLANS = [
  { name: 'Starter', min: 100, max: 999, roi: 5, duration: 7 },
  { name: 'Silver', min: 1_000, max: 4_999, roi: 8, duration: 14 },
  { name: 'Gold', min: 5_000, max: 19_999, roi: 12, duration: 30 },
  { name: 'Platinum', min: 20_000, max: 49_999, roi: 18, duration: 60 },
  { name: 'Diamond', min: 50_000, max: 100_000, roi: 25, duration: 90 }
] as const;

/** The plan durations the bench's investments use (investments.due asks one query per duration). */
export const PLAN_DURATIONS: readonly number[] = PLANS.map((plan) => plan.duration);

/** Every n-th deposit (and one early one) stores its amount as text, as real platforms sometimes do. */
export const TEXT_AMOUNT_EVERY = 2_000;

const groupThousands = (n: number) => n.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

function walletAddress(rng: Rng, coin: Coin): string {
  switch (coin) {
    case 'BITCOIN':
      return `bc1q${rng.str(38, BECH32)}`;
    case 'LITECOIN':
      return `ltc1q${rng.str(38, BECH32)}`;
    case 'ETHEREUM':
      return `0x${rng.str(40, HEX)}`;
    default:
      return `T${rng.str(33, BASE58)}`; // TRON, and USDT on TRC-20
  }
}

/** An empty tally listing every status, so a status no document has still shows as 0. */
const tallyOf = (statuses: readonly string[]): Tally => {
  const t = newTally();
  for (const s of statuses) t.byStatus[s] = 0;
  return t;
};

/**
 * One customer with enough of everything for 10+ pages of a filtered list and a full first page on
 * every tab of their page, the same at every scale: the review-queue measures use them. Their
 * records are the ones at HEAVY.first.. of each collection (when it holds that many).
 */
export const HEAVY = {
  first: 10,
  deposits: 200,
  /** Of their deposits, this many are pending and dated inside HEAVY_RANGE. */
  pendingInRange: 150,
  withdrawals: 40,
  investments: 40,
  compoundInvestments: 40,
  referrals: 40,
  auditEntries: 40,
  emails: 40
} as const;

/** The date range of the filtered list, in days before the anchor: 120 days ago to 30 days ago. */
export const HEAVY_RANGE_DAYS = { from: 120, to: 30 } as const;

/** Every n-th record of the money lists (from the 500th) has no date: it must be counted, not lost. */
export const NO_DATE_EVERY = 1_000;
const NO_DATE_AT = 500;

/**
 * Reconciliation (issue 22): at every scale, `drifted` customers whose stored total differs from
 * what their records justify (the run must find exactly them), and `adjusted` customers whose
 * stored Totaldeposit an audited Manage adjustment explains (the first audit entries; they must
 * not be reported). Neither is the heavy customer.
 */
export const RECONCILE = { drifted: 5, adjusted: 4 } as const;

/** Which people are planted: spread over the list, the drifted ones first, then the adjusted ones. */
export function reconcilePlanted(users: number): { drifted: number[]; adjusted: number[] } {
  const step = Math.max(1, Math.floor((users - 1) / (RECONCILE.drifted + RECONCILE.adjusted)));
  const at = Array.from({ length: RECONCILE.drifted + RECONCILE.adjusted }, (_, k) => Math.min(users - 1, 1 + k * step));
  return { drifted: at.slice(0, RECONCILE.drifted), adjusted: at.slice(RECONCILE.drifted) };
}

/** Planted drift k: on Totaldeposit (even k) or Totalwithdrawal (odd k), $12.34 x (k + 1) more than the records. */
export const plantedDrift = (k: number): { figure: 'Totaldeposit' | 'Totalwithdrawal'; cents: number } => ({
  figure: k % 2 === 0 ? 'Totaldeposit' : 'Totalwithdrawal',
  cents: 1_234 * (k + 1)
});

/** Planted adjustment k: a Manage adjustment of Totaldeposit by $50 x (k + 1) (stored and audited alike). */
export const plantedAdjustmentCents = (k: number): number => 5_000 * (k + 1);

/** Referrals, audit entries and e-mails besides the heavy customer's, per unit of scale. */
const SMALL_LISTS = 2_000;

export function scaledCounts(scale: number): BenchCounts {
  const n = (x: number) => Math.max(10, Math.round(x * scale));
  const small = (h: number) => h + n(SMALL_LISTS);
  return {
    users: n(100_000),
    deposits: n(100_000),
    withdrawals: n(100_000),
    investments: n(100_000),
    compoundInvestments: n(100_000),
    referrals: small(HEAVY.referrals),
    auditEntries: small(HEAVY.auditEntries),
    emails: small(HEAVY.emails)
  };
}

/** Whether record i of a collection of `count` belongs to the heavy customer, who has `h` of them. */
export const isHeavy = (i: number, count: number, h: number): boolean => count >= HEAVY.first + h && i >= HEAVY.first && i < HEAVY.first + h;

export interface Person {
  id: string;
  fullname: string;
  email: string;
  ageMs: number;
  referralId: string;
}

export interface SeedJob {
  collection: string;
  count: number;
  /** Iterate the jobs in order: users come last, their totals follow from the money records. */
  docs: () => Iterable<BenchDoc>;
}

export interface BenchSet {
  people: Person[];
  heavy: Person;
  /** The heavy customer's range, as the screen sends it (ISO instants). */
  range: { from: string; to: string };
  jobs: SeedJob[];
  /** Complete once every job has been iterated. */
  expected: { deposits: Tally; withdrawals: Tally; reconciliation: ExpectedReconciliation };
}

/** What a reconciliation run over the seed must find, and the documents its streams read. */
export interface ExpectedReconciliation {
  /** Ids of the customers with planted drift. */
  drifted: string[];
  /** Audit entries with summable moves (movedUserId): the adjustment stream's documents. */
  adjustmentEntries: number;
  /** Cents added to each stored figure beyond the records, over all customers (drift and adjustments). */
  storedExtraCents: { Totaldeposit: number; Totalwithdrawal: number };
  /** Successful deposits whose amount is text an approval reads ("600.00"): credited, and counted by the run, though sum() skips them. */
  creditedTextCents: number;
}

function makePeople(count: number, urng: Rng, spanMs: number): Person[] {
  const people = Array.from({ length: count }, (_, i) => {
    const first = urng.pick(FIRST);
    const last = urng.pick(LAST);
    const f = first.toLowerCase();
    const l = last.toLowerCase().replace(/[^a-z]/g, '');
    // The index as the trailing digits keeps every address unique.
    const local = urng.pick([`${f}.${l}${i}`, `${f}${l}${i}`, `${f[0]}.${l}${i}`, `${l}.${f}${i}`, `${f}_${l}${i}`]);
    // Sign-ups accelerate over time (more recent customers), never in the future.
    const ageMs = Math.floor(spanMs * urng.next() ** 1.5) + 60_000;
    return {
      id: urng.str(28, ALNUM),
      fullname: `${first} ${last}`,
      email: `${local}@${urng.pick(DOMAINS)}`,
      ageMs,
      referralId: `REF${i.toString(36).toUpperCase().padStart(5, '0')}`
    };
  });
  // The heavy customer joined at the start, so all their records fit after it.
  people[0]!.ageMs = spanMs;
  return people;
}

/** The whole data set as lazy jobs (deposits, withdrawals, ..., users last); no I/O. */
export function benchSet(counts: BenchCounts, anchorMs: number): BenchSet {
  const urng = new Rng(0xbe7c01);
  const spanMs = 3 * 365 * DAY;
  const people = makePeople(counts.users, urng, spanMs);
  const heavy = people[0]!;
  const depositedCents = new Float64Array(counts.users);
  const withdrawnCents = new Float64Array(counts.users);
  const after = (rng: Rng, ageMs: number) => new Date(anchorMs - rng.int(60_000, ageMs));
  const between = (rng: Rng, fromDays: number, toDays: number) => new Date(anchorMs - rng.int(toDays * DAY, fromDays * DAY));
  // Anyone but the heavy customer, so their counts are the same at every scale.
  const anyone = (rng: Rng) => rng.int(Math.min(1, counts.users - 1), counts.users - 1);
  const dated = (i: number) => i % NO_DATE_EVERY !== NO_DATE_AT;
  const range = {
    from: new Date(anchorMs - HEAVY_RANGE_DAYS.from * DAY).toISOString(),
    to: new Date(anchorMs - HEAVY_RANGE_DAYS.to * DAY).toISOString()
  };
  const planted = reconcilePlanted(counts.users);
  const expected = {
    deposits: tallyOf(depositStatuses),
    withdrawals: tallyOf(withdrawalStatuses),
    reconciliation: {
      drifted: planted.drifted.map((i) => people[i]!.id),
      adjustmentEntries: planted.adjusted.length,
      storedExtraCents: { Totaldeposit: 0, Totalwithdrawal: 0 },
      creditedTextCents: 0
    }
  };
  const done = new Set<string>();

  function* deposits(): Iterable<BenchDoc> {
    const rng = new Rng(0xbe7c02);
    for (let i = 0; i < counts.deposits; i++) {
      const heavyAt = isHeavy(i, counts.deposits, HEAVY.deposits) ? i - HEAVY.first : -1;
      const u = heavyAt >= 0 ? 0 : anyone(rng);
      const person = people[u]!;
      const amount = rng.chance(0.3)
        ? Math.round(Math.round(rng.logUniform(50, 25_000) * 100) / 100 / 50) * 50
        : Math.round(rng.logUniform(50, 25_000) * 100) / 100;
      const text = i === 7 || i % TEXT_AMOUNT_EVERY === TEXT_AMOUNT_EVERY - 1;
      // A few % pending: the queue an administrator works through.
      const status =
        heavyAt >= 0
          ? heavyAt < HEAVY.pendingInRange
            ? 'pending'
            : rng.pick(['success', 'failed'] as const)
          : i < 3
            ? depositStatuses[i]!
            : i === 7
              ? 'success'
              : rng.weighted(depositStatuses, [3, 85, 12]);
      const id = rng.str(20, ALNUM);
      const when =
        heavyAt >= 0
          ? heavyAt < HEAVY.pendingInRange
            ? between(rng, HEAVY_RANGE_DAYS.from, HEAVY_RANGE_DAYS.to)
            : between(rng, 300, 1)
          : after(rng, person.ageMs);
      const data: Record<string, unknown> = {
        userId: person.id,
        userEmail: person.email,
        username: person.fullname,
        method: rng.pick(coins),
        amount: text ? groupThousands(amount) : amount,
        status
      };
      if (dated(i)) data.timestamp = when;
      addToTally(expected.deposits, data, 'success');
      // An amount the approval reads ("600.00") was credited like a number; one it refuses ("1,250.00") was not.
      if (status === 'success' && readAmount(data.amount, 'amount').ok) {
        depositedCents[u]! += toCents(amount);
        if (text) expected.reconciliation.creditedTextCents += toCents(amount);
      }
      yield { id, data };
    }
    done.add('deposits');
  }

  function* withdrawals(): Iterable<BenchDoc> {
    const rng = new Rng(0xbe7c03);
    for (let i = 0; i < counts.withdrawals; i++) {
      const u = isHeavy(i, counts.withdrawals, HEAVY.withdrawals) ? 0 : anyone(rng);
      const person = people[u]!;
      const amount = Math.round(rng.logUniform(20, 15_000) * 100) / 100;
      const status = i < 3 ? withdrawalStatuses[i]! : rng.weighted(withdrawalStatuses, [3, 82, 15]);
      const cryptoType = rng.pick(coins);
      const id = rng.str(20, ALNUM);
      const data: Record<string, unknown> = {
        userId: person.id,
        email: person.email,
        username: person.fullname,
        amount,
        cryptoType,
        walletAddress: walletAddress(rng, cryptoType),
        status
      };
      const when = after(rng, person.ageMs);
      if (dated(i)) data.createdAt = when;
      addToTally(expected.withdrawals, data, 'approved');
      if (status === 'approved') withdrawnCents[u]! += toCents(amount);
      yield { id, data };
    }
    done.add('withdrawals');
  }

  function* investments(): Iterable<BenchDoc> {
    const rng = new Rng(0xbe7c04);
    for (let i = 0; i < counts.investments; i++) {
      const person = people[isHeavy(i, counts.investments, HEAVY.investments) ? 0 : anyone(rng)]!;
      const plan = rng.weighted(PLANS, [35, 30, 20, 10, 5]);
      const data: Record<string, unknown> = {
        userId: person.id,
        email: person.email,
        plan: plan.name,
        roi: plan.roi,
        duration: plan.duration,
        amount: Math.round(rng.int(plan.min, plan.max) / 10) * 10,
        status: rng.weighted(investmentStatuses, [20, 72, 8])
      };
      const id = rng.str(20, ALNUM);
      const when = after(rng, person.ageMs);
      if (dated(i)) data.createdAt = when;
      yield { id, data };
    }
  }

  function* compoundInvestments(): Iterable<BenchDoc> {
    const rng = new Rng(0xbe7c05);
    for (let i = 0; i < counts.compoundInvestments; i++) {
      const person = people[isHeavy(i, counts.compoundInvestments, HEAVY.compoundInvestments) ? 0 : anyone(rng)]!;
      const plan = rng.pick(PLANS);
      const start = after(rng, person.ageMs);
      const data: Record<string, unknown> = {
        email: person.email,
        plan: plan.name,
        amount: Math.round(rng.int(500, 20_000) / 50) * 50,
        paytype: rng.pick(['daily', 'weekly', 'monthly']),
        status: rng.weighted(compoundInvestmentStatuses, [25, 72, 3]),
        endAt: new Date(start.getTime() + plan.duration * DAY)
      };
      const id = rng.str(20, ALNUM);
      if (dated(i)) data.startAt = start;
      yield { id, data };
    }
  }

  function* referrals(): Iterable<BenchDoc> {
    const rng = new Rng(0xbe7c06);
    for (let i = 0; i < counts.referrals; i++) {
      const referrer = people[isHeavy(i, counts.referrals, HEAVY.referrals) ? 0 : anyone(rng)]!;
      const client = people[anyone(rng)]!;
      yield { id: rng.str(20, ALNUM), data: { referrerId: referrer.id, name: client.fullname, email: client.email, timestamp: after(rng, client.ageMs) } };
    }
  }

  function* auditEntries(): Iterable<BenchDoc> {
    const rng = new Rng(0xbe7c07);
    for (let i = 0; i < counts.auditEntries; i++) {
      const person = people[isHeavy(i, counts.auditEntries, HEAVY.auditEntries) ? 0 : anyone(rng)]!;
      const record = rng.str(20, ALNUM);
      if (i < planted.adjusted.length) {
        yield adjustment(rng, i, after(rng, person.ageMs));
        continue;
      }
      yield {
        id: rng.str(20, ALNUM),
        data: {
          kind: 'deposit',
          action: 'status',
          entityPath: `deposits/${record}`,
          summary: `Deposit ${record} of ${person.fullname} marked success`,
          before: { [`deposits/${record}.status`]: 'pending' },
          after: { [`deposits/${record}.status`]: 'success' },
          notes: [],
          reason: null,
          userIds: [person.id],
          adminEmail: 'admin@ledgerdesk.demo',
          at: after(rng, person.ageMs)
        }
      };
    }
  }

  /** A Manage adjustment's audit entry as users.adjust writes it (src/shared/domain/users.ts), summable by reconciliation. */
  function adjustment(rng: Rng, k: number, at: Date): BenchDoc {
    const person = people[planted.adjusted[k]!]!;
    const cents = plantedAdjustmentCents(k);
    const path = `users/${person.id}`;
    return {
      id: rng.str(20, ALNUM),
      data: {
        kind: 'user',
        action: 'user.adjust',
        entityPath: path,
        summary: `Total deposit of ${person.fullname} raised by ${fromCents(cents)}`,
        before: {},
        after: {},
        notes: [],
        reason: 'Bench: a deposit credited outside Ledgerdesk',
        userIds: [person.id],
        adminEmail: 'admin@ledgerdesk.demo',
        at,
        movedUserId: person.id,
        moved: { Totaldeposit: cents }
      }
    };
  }

  function* emails(): Iterable<BenchDoc> {
    const rng = new Rng(0xbe7c08);
    for (let i = 0; i < counts.emails; i++) {
      const person = people[isHeavy(i, counts.emails, HEAVY.emails) ? 0 : anyone(rng)]!;
      const createdAt = after(rng, person.ageMs);
      // Sent long ago: nothing for the app's mail dispatcher to pick up.
      yield {
        id: rng.str(20, ALNUM),
        data: {
          kind: 'custom',
          to: person.email,
          toName: person.fullname,
          subject: 'Your account',
          text: 'Hello',
          about: null,
          state: 'sent',
          attempts: 1,
          lastError: null,
          leaseOwner: null,
          createdAt,
          sentAt: createdAt,
          nextAttemptAt: null
        }
      };
    }
  }

  function* users(): Iterable<BenchDoc> {
    if (!done.has('deposits') || !done.has('withdrawals')) throw new Error('Users come after deposits and withdrawals: their totals follow from them.');
    const extra = new Map<number, { figure: 'Totaldeposit' | 'Totalwithdrawal'; cents: number }[]>();
    const plant = (i: number, figure: 'Totaldeposit' | 'Totalwithdrawal', cents: number) => {
      extra.set(i, [...(extra.get(i) ?? []), { figure, cents }]);
      expected.reconciliation.storedExtraCents[figure] += cents;
    };
    planted.drifted.forEach((i, k) => plant(i, plantedDrift(k).figure, plantedDrift(k).cents));
    planted.adjusted.forEach((i, k) => plant(i, 'Totaldeposit', plantedAdjustmentCents(k)));
    // Stored beyond the records; balance stays as it was (reconciliation does not check it).
    const stored = (at: number, figure: 'Totaldeposit' | 'Totalwithdrawal') =>
      (extra.get(at) ?? []).reduce((n, e) => n + (e.figure === figure ? e.cents : 0), 0);
    for (const [i, p] of people.entries()) {
      const earned = urng.chance(0.4) ? Math.round(urng.logUniform(5, 5_000) * 100) / 100 : 0;
      const bonus = urng.pick([0, 0, 0, 10, 25, 50, 100]);
      const balanceCents = Math.max(0, depositedCents[i]! + toCents(earned) + toCents(bonus) - withdrawnCents[i]!);
      const data: Record<string, unknown> = {
        fullname: p.fullname,
        email: p.email,
        balance: fromCents(balanceCents),
        Totaldeposit: fromCents(depositedCents[i]! + stored(i, 'Totaldeposit')),
        Totalwithdrawal: fromCents(withdrawnCents[i]! + stored(i, 'Totalwithdrawal')),
        totalearnings: earned,
        TotalBonus: bonus,
        withdrawalLimit: urng.pick([1_000, 5_000, 10_000, 25_000, 50_000]),
        withdrawalFeePercentage: urng.pick([0, 1.5, 2, 2.5, 5]),
        verified: urng.chance(0.6),
        timestamp: new Date(anchorMs - p.ageMs),
        myReferralId: p.referralId
      };
      if (i > 0 && urng.chance(0.3)) data.referreduserid = people[urng.int(0, i - 1)]!.referralId;
      // The heavy customer was referred, so their page shows who referred them.
      if (i === 0 && people.length > 1) data.referreduserid = people[1]!.referralId;
      yield { id: p.id, data };
    }
  }

  return {
    people,
    heavy,
    range,
    expected,
    jobs: [
      { collection: 'deposits', count: counts.deposits, docs: deposits },
      { collection: 'withdrawals', count: counts.withdrawals, docs: withdrawals },
      { collection: 'investments', count: counts.investments, docs: investments },
      { collection: 'compoundInvest', count: counts.compoundInvestments, docs: compoundInvestments },
      { collection: 'referrals', count: counts.referrals, docs: referrals },
      { collection: 'auditLog', count: counts.auditEntries, docs: auditEntries },
      { collection: 'mailOutbox', count: counts.emails, docs: emails },
      { collection: 'users', count: counts.users, docs: users }
    ]
  };
}

export interface BenchData {
  users: BenchDoc[];
  deposits: BenchDoc[];
  withdrawals: BenchDoc[];
  /** Every collection by its Firestore name (investments, compoundInvest, referrals, auditLog, mailOutbox too). */
  collections: Record<string, BenchDoc[]>;
  heavy: Person;
  range: BenchSet['range'];
  expected: BenchSet['expected'];
}

/** Builds the whole data set in memory (tests, small scales). */
export function buildBenchData(counts: BenchCounts, anchorMs: number): BenchData {
  const set = benchSet(counts, anchorMs);
  const collections = Object.fromEntries(set.jobs.map((job) => [job.collection, [...job.docs()]]));
  return {
    users: collections.users!,
    deposits: collections.deposits!,
    withdrawals: collections.withdrawals!,
    collections,
    heavy: set.heavy,
    range: set.range,
    expected: set.expected
  };
}
