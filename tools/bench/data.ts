// Bench data: deterministic users, deposits and withdrawals at any size, with the fields the app
// reads, plus the figures a correct dashboard must show (to check the measured paths agree).
import { fromCents, toCents } from '../../src/shared/domain/money';
import { depositStatuses, withdrawalStatuses } from '../../src/shared/domain/statuses';
import { coins, type Coin } from '../../src/shared/domain/wallets';
import { Rng } from '../devenv/rng';
import { addToTally, newTally, type Tally } from './tally';

export interface BenchCounts {
  users: number;
  deposits: number;
  withdrawals: number;
}

export interface BenchDoc {
  id: string;
  data: Record<string, unknown>;
}

export interface BenchData {
  users: BenchDoc[];
  deposits: BenchDoc[];
  withdrawals: BenchDoc[];
  expected: { deposits: Tally; withdrawals: Tally };
}

const DAY = 86_400_000;
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const HEX = '0123456789abcdef';
const FIRST = ['Olivia', 'Liam', 'Amara', 'Noah', 'Sofia', 'Mateo', 'Chloe', 'Ethan', 'Priya', 'Lucas', 'Hannah', 'Diego', 'Mei', 'Oliver', 'Fatima', 'James', 'Aisha', 'Daniel', 'Yuki', 'Samuel', 'Elena', 'Kwame', 'Grace', 'Arjun', 'Isabella', 'Tomasz', 'Zoe', 'Omar', 'Lena', 'Gabriel', 'Nia', 'Henrik', 'Camila', 'Ravi', 'Emily', 'Chinedu', 'Sarah', 'Marco', 'Ingrid', 'Tariq', 'Beatriz', 'Kofi', 'Anna', 'Viktor', 'Leila', 'Hugo', 'Ama', 'Jonas', 'Rosa', 'Felix'];
const LAST = ['Johnson', 'Okafor', 'Nguyen', 'Schmidt', 'Garcia', "O'Brien", 'Patel', 'Kowalski', 'Rossi', 'Tanaka', 'Mensah', 'Andersson', 'Silva', 'Haddad', 'Murphy', 'Kim', 'Dubois', 'Novak', 'Mwangi', 'Fernandes', 'Walker', 'Ibrahim', 'Larsen', 'Costa', 'Chen', 'Adeyemi', 'Brennan', 'Moreau', 'Singh', 'Hughes', 'Lopez', 'Eze', 'Virtanen', 'Yilmaz', 'Kaur', 'Petrov', 'Ali', 'Martin', 'Owusu', 'Sato'];
const DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'protonmail.com', 'hotmail.com', 'icloud.com', 'mail.com'];

/** Every n-th deposit (and one early one) stores its amount as text, as real platforms sometimes do. */
export const TEXT_AMOUNT_EVERY = 2_000;

export function scaledCounts(scale: number, base: BenchCounts = { users: 100_000, deposits: 100_000, withdrawals: 100_000 }): BenchCounts {
  const n = (x: number) => Math.max(10, Math.round(x * scale));
  return { users: n(base.users), deposits: n(base.deposits), withdrawals: n(base.withdrawals) };
}

const groupThousands = (n: number) => n.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

function walletAddress(rng: Rng, coin: Coin): string {
  switch (coin) {
    case 'BITCOIN': return `bc1q${rng.str(38, BECH32)}`;
    case 'LITECOIN': return `ltc1q${rng.str(38, BECH32)}`;
    case 'ETHEREUM': return `0x${rng.str(40, HEX)}`;
    default: return `T${rng.str(33, BASE58)}`; // TRON, and USDT on TRC-20
  }
}

/** An empty tally listing every status, so a status no document has still shows as 0. */
const tallyOf = (statuses: readonly string[]): Tally => {
  const t = newTally();
  for (const s of statuses) t.byStatus[s] = 0;
  return t;
};

/** Builds the whole data set in memory (about 300 MB at 100k of each); no I/O. */
export function buildBenchData(counts: BenchCounts, anchorMs: number): BenchData {
  const urng = new Rng(0xbe7c01);
  const spanMs = 3 * 365 * DAY;
  const people = Array.from({ length: counts.users }, (_, i) => {
    const first = urng.pick(FIRST);
    const last = urng.pick(LAST);
    const f = first.toLowerCase();
    const l = last.toLowerCase().replace(/[^a-z]/g, '');
    // The index as the trailing digits keeps every address unique.
    const local = urng.pick([`${f}.${l}${i}`, `${f}${l}${i}`, `${f[0]}.${l}${i}`, `${l}.${f}${i}`, `${f}_${l}${i}`]);
    // Sign-ups accelerate over time (more recent customers), never in the future.
    const ageMs = Math.floor(spanMs * urng.next() ** 1.5) + 60_000;
    return { id: urng.str(28, ALNUM), fullname: `${first} ${last}`, email: `${local}@${urng.pick(DOMAINS)}`, ageMs, referralId: `REF${i.toString(36).toUpperCase().padStart(5, '0')}` };
  });
  const depositedCents = new Float64Array(counts.users);
  const withdrawnCents = new Float64Array(counts.users);
  const after = (rng: Rng, ageMs: number) => new Date(anchorMs - rng.int(60_000, ageMs));

  const drng = new Rng(0xbe7c02);
  const dep = tallyOf(depositStatuses);
  const deposits: BenchDoc[] = [];
  for (let i = 0; i < counts.deposits; i++) {
    const u = drng.int(0, counts.users - 1);
    const person = people[u]!;
    const amount = drng.chance(0.3) ? Math.round(Math.round(drng.logUniform(50, 25_000) * 100) / 100 / 50) * 50 : Math.round(drng.logUniform(50, 25_000) * 100) / 100;
    const text = i === 7 || i % TEXT_AMOUNT_EVERY === TEXT_AMOUNT_EVERY - 1;
    const status = i < 3 ? depositStatuses[i]! : i === 7 ? 'success' : drng.weighted(depositStatuses, [35, 50, 15]);
    const id = drng.str(20, ALNUM);
    const data = {
      userId: person.id, userEmail: person.email, username: person.fullname, method: drng.pick(coins),
      amount: text ? groupThousands(amount) : amount, status, timestamp: after(drng, person.ageMs)
    };
    addToTally(dep, data, 'success');
    if (status === 'success' && !text) depositedCents[u]! += toCents(amount);
    deposits.push({ id, data });
  }

  const wrng = new Rng(0xbe7c03);
  const wd = tallyOf(withdrawalStatuses);
  const withdrawals: BenchDoc[] = [];
  for (let i = 0; i < counts.withdrawals; i++) {
    const u = wrng.int(0, counts.users - 1);
    const person = people[u]!;
    const amount = Math.round(wrng.logUniform(20, 15_000) * 100) / 100;
    const status = i < 3 ? withdrawalStatuses[i]! : wrng.weighted(withdrawalStatuses, [35, 50, 15]);
    const cryptoType = wrng.pick(coins);
    const id = wrng.str(20, ALNUM);
    const data = {
      userId: person.id, email: person.email, username: person.fullname, amount, cryptoType,
      walletAddress: walletAddress(wrng, cryptoType), status, createdAt: after(wrng, person.ageMs)
    };
    addToTally(wd, data, 'approved');
    if (status === 'approved') withdrawnCents[u]! += toCents(amount);
    withdrawals.push({ id, data });
  }

  const users: BenchDoc[] = people.map((p, i) => {
    const earned = urng.chance(0.4) ? Math.round(urng.logUniform(5, 5_000) * 100) / 100 : 0;
    const bonus = urng.pick([0, 0, 0, 10, 25, 50, 100]);
    const balanceCents = Math.max(0, depositedCents[i]! + toCents(earned) + toCents(bonus) - withdrawnCents[i]!);
    const data: Record<string, unknown> = {
      fullname: p.fullname, email: p.email, balance: fromCents(balanceCents),
      Totaldeposit: fromCents(depositedCents[i]!), Totalwithdrawal: fromCents(withdrawnCents[i]!),
      totalearnings: earned, TotalBonus: bonus,
      withdrawalLimit: urng.pick([1_000, 5_000, 10_000, 25_000, 50_000]), withdrawalFeePercentage: urng.pick([0, 1.5, 2, 2.5, 5]),
      verified: urng.chance(0.6), timestamp: new Date(anchorMs - p.ageMs), myReferralId: p.referralId
    };
    if (i > 0 && urng.chance(0.3)) data.referreduserid = people[urng.int(0, i - 1)]!.referralId;
    return { id: p.id, data };
  });

  return { users, deposits, withdrawals, expected: { deposits: dep, withdrawals: wd } };
}
