// Deterministic demo data for the emulators: same ids and values on every run; event times are
// offsets back from an anchor (default: the current hour), so the data always looks recent.
import path from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { bech32 } from 'bech32';
import bs58check from 'bs58check';
import { coins, toChecksumAddress, type Coin } from '../../src/shared/domain/wallets';
import { DEMO_ADMIN, DEMO_APPROVER, DEMO_CUSTOMER, DEMO_VIEWER } from './demo-accounts';
import { DEMO_APPROVAL_POLICY } from './demo-policy';
import { Rng as BaseRng } from './rng';
import { demoSnapshots } from './seedSnapshots';
import { resetEmulators, type EmulatorHosts } from './emulators';
import { seedGenesis } from '../records/genesis';
import { seedDemoDigests } from './demoRecords';

export type SeededCollection =
  'users' | 'deposits' | 'withdrawals' | 'investments' | 'compoundInvest' | 'investmentPlans' | 'settings' | 'referrals' | 'dailySnapshots';
export type SeedSummary = Record<SeededCollection, number> & { dirtyDepositIds: string[] };
export interface SeedOptions {
  /** Anchor for event times; defaults to the start of the current hour. */
  now?: Date;
}
export interface SeedDoc {
  collection: SeededCollection;
  id: string;
  data: DocumentData;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
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
  'Tariq'
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
  'Hughes'
];
const DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'protonmail.com', 'hotmail.com', 'icloud.com', 'mail.com'];
const PLACES = [
  ['United States', 'Austin, TX 78701', 'Maple Avenue'],
  ['United Kingdom', 'Manchester M1 4BT', 'Deansgate'],
  ['Nigeria', 'Lagos', 'Adeola Odeku Street'],
  ['Germany', '10115 Berlin', 'Invalidenstraße'],
  ['India', 'Pune 411001', 'MG Road'],
  ['Brazil', 'São Paulo - SP', 'Rua Augusta'],
  ['Canada', 'Toronto, ON M5V 2T6', 'King Street West'],
  ['Kenya', 'Nairobi', 'Moi Avenue'],
  ['Philippines', 'Makati City', 'Ayala Avenue'],
  ['Spain', '28013 Madrid', 'Calle Mayor']
] as const;
const ID_TYPES = ['Passport', 'National ID', "Driver's License"] as const;
const PLANS = [
  { id: 'starter', name: 'Starter', min: 50, max: 999, roi: 5, duration: 7 },
  { id: 'silver', name: 'Silver', min: 1_000, max: 4_999, roi: 8, duration: 14 },
  { id: 'gold', name: 'Gold', min: 5_000, max: 19_999, roi: 12, duration: 30 },
  { id: 'platinum', name: 'Platinum', min: 20_000, max: 49_999, roi: 18, duration: 60 },
  { id: 'diamond', name: 'Diamond', min: 50_000, max: 100_000, roi: 25, duration: 90 }
];

/** The demo's generator: one stream per collection, so changing one collection never shifts another. */
class Rng extends BaseRng {
  /** Forces the first docs through every status so each one is always represented. */
  status<T>(i: number, statuses: readonly T[], weights: readonly number[]): T {
    return i < statuses.length ? (statuses[i] as T) : this.weighted(statuses, weights);
  }
  /** Log-uniform, a third of them round numbers, as people send. */
  money(min: number, max: number): number {
    const v = this.logUniform(min, max);
    return this.chance(0.3) ? Math.max(min, Math.round(v / 50) * 50) : round2(v);
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const groupThousands = (n: number) => n.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const xml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const dataUri = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
const utcDate = (y: number, m: number, d: number) => Timestamp.fromDate(new Date(Date.UTC(y, m - 1, d)));
const FONT = 'font-family="Helvetica,Arial,sans-serif"';

function idFrontSvg(name: string, idType: string, idNumber: string, dob: string, country: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="340" height="214" viewBox="0 0 340 214"><rect width="340" height="214" rx="14" fill="#eaf1fb"/><path d="M0 14a14 14 0 0 1 14-14h312a14 14 0 0 1 14 14v28H0z" fill="#1f4e8c"/><text x="16" y="27" ${FONT} font-size="13" font-weight="bold" fill="#fff">${xml(country.toUpperCase())} · ${xml(idType.toUpperCase())}</text><rect x="16" y="56" width="86" height="108" rx="6" fill="#c8d6ea"/><circle cx="59" cy="94" r="20" fill="#8296b3"/><path d="M25 164c3-30 19-42 34-42s31 12 34 42z" fill="#8296b3"/><g ${FONT} fill="#1b2a41"><text x="118" y="68" font-size="8" fill="#5b6b82">NAME</text><text x="118" y="84" font-size="14" font-weight="bold">${xml(name)}</text><text x="118" y="106" font-size="8" fill="#5b6b82">DATE OF BIRTH</text><text x="118" y="120" font-size="12">${dob}</text><text x="118" y="142" font-size="8" fill="#5b6b82">DOCUMENT NO.</text><text x="118" y="156" font-size="12">${xml(idNumber)}</text></g><text x="16" y="196" font-family="monospace" font-size="11" fill="#3c4a60">${xml(`<<${idNumber}<<${name.toUpperCase().replace(/[^A-Z]+/g, '<')}<<<<<<<<`.slice(0, 44))}</text></svg>`;
}

function idBackSvg(rng: Rng, issuer: string): string {
  let bars = '';
  for (let x = 24; x < 316; x += rng.int(2, 5)) bars += `<rect x="${x}" y="120" width="${rng.int(1, 3)}" height="56" fill="#1b1b1b"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="340" height="214" viewBox="0 0 340 214"><rect width="340" height="214" rx="14" fill="#eef2f7"/><rect y="22" width="340" height="36" fill="#2b2b2b"/><text x="20" y="86" ${FONT} font-size="10" fill="#4a5568">Issued by the authorities of ${xml(issuer)}. If found, please return.</text><path d="M24 106c14-10 22 8 34-2s18-8 28 2" stroke="#33415c" stroke-width="2" fill="none"/>${bars}<text x="24" y="194" font-family="monospace" font-size="10" fill="#4a5568">${rng.str(24, '0123456789')}</text></svg>`;
}

function selfieSvg(rng: Rng): string {
  const skin = rng.pick(['#f1c7a5', '#d9a47c', '#a8714f', '#7a4b32', '#e8b893']);
  const hair = rng.pick(['#2b1d14', '#5a3a22', '#c79a55', '#111111', '#8a4b2a']);
  const shirt = rng.pick(['#3b6ea5', '#4f8a5b', '#a54a4a', '#6b5b95', '#d08b2c']);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="300" viewBox="0 0 240 300"><rect width="240" height="300" fill="#dfe7ee"/><path d="M30 300c4-62 40-92 90-92s86 30 90 92z" fill="${shirt}"/><rect x="104" y="170" width="32" height="40" fill="${skin}"/><ellipse cx="120" cy="128" rx="50" ry="60" fill="${skin}"/><path d="M70 122c0-44 22-64 50-64s50 20 50 64c-8-22-24-34-50-34s-42 12-50 34z" fill="${hair}"/><circle cx="101" cy="128" r="5" fill="#2d2d2d"/><circle cx="139" cy="128" r="5" fill="#2d2d2d"/><path d="M104 158q16 12 32 0" stroke="#7a3b2e" stroke-width="3" fill="none"/><rect x="150" y="222" width="66" height="42" rx="4" fill="#eaf1fb" stroke="#1f4e8c" stroke-width="2"/><rect x="156" y="230" width="16" height="20" fill="#8296b3"/></svg>`;
}

interface SeedUser {
  id: string;
  fullname: string;
  email: string;
  referralId: string;
  ageMs: number;
}

/** The whole data set as plain documents; no I/O, so it can be inspected or compared directly. */
export function buildDemoData(anchorMs: number): { docs: SeedDoc[]; dirtyDepositIds: string[] } {
  const docs: SeedDoc[] = [];
  const add = (collection: SeededCollection, id: string, data: DocumentData) => docs.push({ collection, id, data });
  const ago = (ms: number) => Timestamp.fromMillis(anchorMs - ms);
  /** A moment after the user signed up, never in the future. */
  const during = (rng: Rng, u: SeedUser) => rng.int(5 * 60_000, Math.max(5 * 60_000, u.ageMs - HOUR));

  const urng = new Rng(0x5eed01);
  const names = new Set<string>([DEMO_CUSTOMER.displayName]);
  const newName = (rng: Rng) => {
    for (;;) {
      const n = `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
      if (!names.has(n)) return (names.add(n), n);
    }
  };
  const emailFor = (rng: Rng, name: string) => {
    const [f = '', l = ''] = name
      .toLowerCase()
      .replace(/[^a-z ]/g, '')
      .split(' ');
    const local = rng.pick([`${f}.${l}`, `${f}${l}${rng.int(1, 99)}`, `${f[0]}.${l}`, `${l}.${f}`, `${f}_${l}${rng.int(70, 99)}`]);
    return `${local}@${rng.pick(DOMAINS)}`;
  };
  const refIds = new Set<string>();
  const newRefId = () => {
    for (;;) {
      const r = `REF${urng.str(5, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789')}`;
      if (!refIds.has(r)) return (refIds.add(r), r);
    }
  };
  const users: SeedUser[] = [
    { id: DEMO_CUSTOMER.uid, fullname: DEMO_CUSTOMER.displayName, email: DEMO_CUSTOMER.email, referralId: newRefId(), ageMs: 75 * DAY }
  ];
  for (let i = 0; i < 60; i++) {
    const fullname = newName(urng);
    users.push({ id: urng.str(28, ALNUM), fullname, email: emailFor(urng, fullname), referralId: newRefId(), ageMs: urng.int(6 * HOUR, 89 * DAY) });
  }
  const others = users.slice(1);

  const prng = new Rng(0x5eed02);
  for (const p of PLANS) add('investmentPlans', p.id, { name: p.name, min: p.min, max: p.max, roi: p.roi, duration: p.duration });

  const irng = new Rng(0x5eed03);
  const investments: { id: string; user: SeedUser; amount: number; ageMs: number }[] = [];
  const earnings = new Map<string, number>();
  for (let i = 0; i < 120; i++) {
    const user = irng.pick(others);
    const plan = irng.weighted(PLANS, [35, 30, 20, 10, 5]);
    const amount = Math.round(irng.int(plan.min, plan.max) / 10) * 10;
    const ageMs = during(irng, user);
    const ended = ageMs > plan.duration * DAY;
    // Every sixth investment past its end is still active: matured and not paid yet (the Due tab's work).
    const status = irng.chance(0.1) ? 'cancelled' : ended && i % 6 !== 0 ? 'completed' : 'active';
    if (status === 'completed') earnings.set(user.id, (earnings.get(user.id) ?? 0) + (amount * plan.roi) / 100);
    const id = irng.str(20, ALNUM);
    investments.push({ id, user, amount, ageMs });
    add('investments', id, {
      userId: user.id,
      email: user.email,
      plan: plan.name,
      roi: plan.roi,
      duration: plan.duration,
      amount,
      createdAt: ago(ageMs),
      status
    });
  }

  const drng = new Rng(0x5eed04);
  const deposited = new Map<string, number>();
  const dirtyDepositIds: string[] = [];
  for (let i = 0; i < 200; i++) {
    const id = drng.str(20, ALNUM);
    let user = i < 2 ? users[0]! : drng.pick(others);
    let amount = drng.money(50, 25_000);
    let ageMs = during(drng, user);
    let investmentId: string | undefined;
    if (i === 60 || i === 140)
      investmentId = drng.str(20, ALNUM); // dangling on purpose
    else if (i >= 2 && drng.chance(0.5)) {
      const inv = drng.pick(investments);
      ({ user, id: investmentId } = inv);
      if (inv.amount <= 25_000) amount = inv.amount;
      ageMs = inv.ageMs + drng.int(60_000, 2 * HOUR);
    }
    const status = i === 0 ? 'pending' : i === 1 ? 'success' : drng.status(i - 2, ['failed', 'pending', 'success'], [15, 35, 50]);
    const dirty = i === 37 || i === 121;
    if (dirty) dirtyDepositIds.push(id);
    else if (status === 'success') deposited.set(user.id, (deposited.get(user.id) ?? 0) + amount);
    const method = drng.pick(coins);
    add('deposits', id, {
      userId: user.id,
      userEmail: user.email,
      username: user.fullname,
      method,
      amount: dirty ? groupThousands(amount) : amount,
      timestamp: ago(Math.min(ageMs, user.ageMs)),
      status,
      ...(investmentId ? { investmentId } : {})
    });
  }

  const wrng = new Rng(0x5eed05);
  const wallets = new Map<string, string>();
  const walletOf = (rng: Rng, key: string, coin: Coin) => {
    const addr = wallets.get(key) ?? address(rng, coin);
    return (wallets.set(key, addr), addr);
  };
  const withdrawn = new Map<string, number>();
  const funded = others.filter((u) => deposited.has(u.id));
  for (let i = 0; i < 150; i++) {
    const user = i === 0 ? users[0]! : wrng.pick(wrng.chance(0.9) ? funded : others);
    const cryptoType = wrng.pick(coins);
    const available = (deposited.get(user.id) ?? 0) + (earnings.get(user.id) ?? 0) - (withdrawn.get(user.id) ?? 0);
    const amount = wrng.money(20, Math.max(100, Math.min(15_000, available * 0.7)));
    let status = i === 0 ? 'pending' : wrng.status(i - 1, ['approved', 'rejected', 'pending'], [50, 15, 35]);
    // An approval beyond the balance would be a bug in the platform, so those were refused.
    if (status === 'approved' && amount > available) status = 'rejected';
    if (status === 'approved') withdrawn.set(user.id, (withdrawn.get(user.id) ?? 0) + amount);
    add('withdrawals', wrng.str(20, ALNUM), {
      userId: user.id,
      email: user.email,
      username: user.fullname,
      amount,
      cryptoType,
      walletAddress: walletOf(wrng, `${user.id}/${cryptoType}`, cryptoType),
      status,
      createdAt: ago(during(wrng, user))
    });
  }

  const crng = new Rng(0x5eed06);
  for (let i = 0; i < 30; i++) {
    const user = crng.pick(others);
    const status = crng.status(i, ['active', 'completed', 'pending'], [45, 35, 20]);
    // Only plans short enough to have finished inside the 90-day window can be completed.
    const plan = crng.pick(status === 'completed' ? PLANS.filter((p) => p.duration <= 60) : PLANS);
    const days = plan.duration * DAY;
    const startAgo = status === 'pending' ? crng.int(HOUR, 2 * DAY) : status === 'completed' ? crng.int(days + HOUR, 89 * DAY) : crng.int(HOUR, days - HOUR);
    add('compoundInvest', crng.str(20, ALNUM), {
      email: user.email,
      plan: plan.name,
      amount: Math.round(crng.int(500, 20_000) / 50) * 50,
      paytype: crng.pick(['daily', 'weekly', 'monthly']),
      status,
      startAt: ago(startAgo),
      endAt: ago(startAgo - days)
    });
  }

  add('settings', 'walletAddresses', Object.fromEntries(coins.map((c) => [c, address(prng, c)])));
  add('settings', 'compoundingPlan', { amount: 500, duration: 30 });
  // The demo runs the platform's own handlers beside the app (tools/devenv/demo-platform.ts): they deliver the e-mails.
  // Its policy puts withdrawals of $1,000.00 or more to a second administrator (the demo approver).
  add('settings', 'ledgerdesk', { mailDelivery: 'server', approvals: { ...DEMO_APPROVAL_POLICY } });

  // Users last: their totals follow from the activity generated above.
  const kycRng = new Rng(0x5eed07);
  const referredBy = new Map<string, SeedUser>();
  let kycCount = 0;
  for (const [i, u] of users.entries()) {
    const deposits = round2(deposited.get(u.id) ?? 0);
    const withdrawals = round2(withdrawn.get(u.id) ?? 0);
    const earned = round2(earnings.get(u.id) ?? 0);
    const bonus = urng.pick([0, 0, 0, 10, 25, 50, 100]);
    const first = u.fullname.split(' ')[0]?.toLowerCase() ?? 'user';
    const referrer = i > 1 && urng.chance(0.36) ? urng.pick(users.slice(1, i)) : undefined;
    if (referrer) referredBy.set(u.id, referrer);
    const hasKyc = u.id === DEMO_CUSTOMER.uid || urng.chance(1 / 3);
    const doc: DocumentData = {
      fullname: u.fullname,
      email: u.email,
      balance: round2(Math.max(0, deposits + earned + bonus - withdrawals)),
      Totaldeposit: deposits,
      Totalwithdrawal: withdrawals,
      totalearnings: earned,
      TotalBonus: bonus,
      withdrawalLimit: urng.pick([1_000, 5_000, 10_000, 25_000, 50_000]),
      withdrawalFeePercentage: urng.pick([0, 1.5, 2, 2.5, 5]),
      verified: u.id === DEMO_CUSTOMER.uid || urng.chance(0.6),
      timestamp: ago(u.ageMs),
      myReferralId: u.referralId
    };
    if (u.id === DEMO_CUSTOMER.uid) doc.password = DEMO_CUSTOMER.password;
    else if (urng.chance(0.25))
      doc.password = urng.pick([`${first}${urng.int(10, 99)}`, 'Password123!', `${first}@2024`, 'qwerty123', `Welcome${urng.int(1, 9)}!`]);
    if (referrer) doc.referreduserid = referrer.referralId;
    if (hasKyc) doc.kyc = kyc(kycRng, u, u.id === DEMO_CUSTOMER.uid ? -1 : kycCount++);
    add('users', u.id, doc);
  }

  const rrng = new Rng(0x5eed08);
  const referred = users.filter((u) => referredBy.has(u.id));
  for (let i = 0; i < 40; i++) {
    const existing = referred[i];
    const name = existing?.fullname ?? newName(rrng);
    const referrer = referredBy.get(existing?.id ?? '') ?? rrng.pick(others);
    // 4 point at a referral code and 3 at nobody: both occur in real data and must show "Unknown".
    const referrerId = i >= 33 && i < 37 ? referrer.referralId : i >= 37 ? rrng.str(28, ALNUM) : referrer.id;
    add('referrals', rrng.str(20, ALNUM), {
      referrerId,
      name,
      email: existing?.email ?? emailFor(rrng, name),
      timestamp: ago(existing?.ageMs ?? rrng.int(HOUR, 89 * DAY))
    });
  }
  for (const { id, data } of demoSnapshots(anchorMs)) add('dailySnapshots', id, data);
  return { docs, dirtyDepositIds };
}

function kyc(rng: Rng, u: SeedUser, index: number): DocumentData {
  const [country, city, street] = rng.pick(PLACES);
  const idType = rng.pick(ID_TYPES);
  const idNumber =
    idType === 'Passport'
      ? `${rng.str(2, 'ABCDEFGHJKLMNPRSTUVWXYZ')}${rng.str(7, '0123456789')}`
      : idType === 'National ID'
        ? rng.str(11, '0123456789')
        : `${rng.str(1, 'ABCDEFGHJKLMNPRSTUVWXYZ')}${rng.str(7, '0123456789')}`;
  const [y, m, d] = [rng.int(1962, 2004), rng.int(1, 12), rng.int(1, 28)];
  const status = index < 0 ? 'pending' : rng.status(index, ['pending', 'approved', 'rejected'], [40, 40, 20]);
  const out: DocumentData = {
    fullName: u.fullname,
    idType,
    idNumber,
    country,
    address: `${rng.int(2, 240)} ${street}, ${city}`,
    status,
    dob: utcDate(y, m, d),
    expiryDate: utcDate(rng.int(2026, 2035), rng.int(1, 12), rng.int(1, 28)),
    idFrontURL: dataUri(idFrontSvg(u.fullname, idType, idNumber, `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`, country)),
    idBackURL: dataUri(idBackSvg(rng, country)),
    selfieURL: dataUri(selfieSvg(rng))
  };
  // Incomplete submissions the review screen must cope with.
  if (index === 0) delete out.dob;
  if (index === 1) delete out.expiryDate;
  if (index === 2) out.idBackURL = '';
  return out;
}

/** Real, checksummed addresses, so the wallet screen's checks pass on the demo data. */
function address(rng: Rng, coin: Coin): string {
  const bytes = (n: number) => Array.from({ length: n }, () => rng.int(0, 255));
  switch (coin) {
    case 'BITCOIN':
      return bech32.encode('bc', [0, ...bech32.toWords(bytes(20))]);
    case 'ETHEREUM':
      return toChecksumAddress(`0x${rng.str(40, HEX)}`);
    case 'LITECOIN':
      return bech32.encode('ltc', [0, ...bech32.toWords(bytes(20))]);
    default:
      return bs58check.encode(Uint8Array.from([0x41, ...bytes(20)])); // TRON, and USDT on TRC-20
  }
}

let appCount = 0;
async function withAdminApp<T>(hosts: EmulatorHosts, fn: (app: App) => Promise<T>): Promise<T> {
  // Refuse real projects: the seed overwrites documents by id.
  if (!hosts.projectId.startsWith('demo-')) throw new Error(`Refusing to seed project "${hosts.projectId}": only demo-* emulator projects.`);
  process.env.FIRESTORE_EMULATOR_HOST = hosts.firestoreHost;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = hosts.authHost;
  process.env.METADATA_SERVER_DETECTION = 'none';
  const app = initializeApp({ projectId: hosts.projectId }, `ledgerdesk-seed-${process.pid}-${++appCount}`);
  try {
    return await fn(app);
  } finally {
    await deleteApp(app);
  }
}

/** Idempotent: existing accounts are updated in place. */
export async function createAuthAccounts(hosts: EmulatorHosts): Promise<void> {
  await withAdminApp(hosts, async (app) => {
    const auth = getAuth(app);
    const db = getFirestore(app);
    // The demo administrator keeps the plain admin claim (which reads as owner); the team's documents name each member's role.
    for (const [account, claims, teamRole] of [
      [DEMO_ADMIN, { admin: true }, 'owner'],
      [DEMO_APPROVER, { role: DEMO_APPROVER.role }, DEMO_APPROVER.role],
      [DEMO_VIEWER, { role: DEMO_VIEWER.role }, DEMO_VIEWER.role],
      [DEMO_CUSTOMER, null, null]
    ] as const) {
      const { uid, password, displayName, email } = account;
      const props = { displayName, email };
      const exists = await auth.getUser(uid).then(
        () => true,
        () => false
      );
      // Setting the password again would revoke every token already issued (the backend host
      // checks revocation), so an existing account keeps its password.
      if (exists) await auth.updateUser(uid, { ...props, emailVerified: true });
      else await auth.createUser({ uid, ...props, password, emailVerified: true });
      await auth.setCustomUserClaims(uid, claims);
      if (teamRole) await db.collection('team').doc(uid).set({ email, role: teamRole, invitedAt: null, invitedBy: null, disabled: false });
    }
  });
}

export async function seedDemoData(hosts: EmulatorHosts, options: SeedOptions = {}): Promise<SeedSummary> {
  const anchor = options.now?.getTime() ?? Math.floor(Date.now() / HOUR) * HOUR;
  const { docs, dirtyDepositIds } = buildDemoData(anchor);
  await createAuthAccounts(hosts);
  await withAdminApp(hosts, async (app) => {
    const db = getFirestore(app);
    for (let i = 0; i < docs.length; i += 500) {
      const batch = db.batch();
      for (const d of docs.slice(i, i + 500)) batch.set(db.collection(d.collection).doc(d.id), d.data);
      await batch.commit();
    }
    // The demo starts with every customer's journal chained (docs/product-rules.md §16.1), at the anchor, so each run seeds the same chains.
    await seedGenesis(db, { now: () => anchor });
    // Signed digests of the two days before, over those heads, with the demo's published key (demo only).
    await seedDemoDigests(db, anchor);
  });
  const summary: SeedSummary = {
    users: 0,
    deposits: 0,
    withdrawals: 0,
    investments: 0,
    compoundInvest: 0,
    investmentPlans: 0,
    settings: 0,
    referrals: 0,
    dailySnapshots: 0,
    dirtyDepositIds
  };
  for (const d of docs) summary[d.collection]++;
  return summary;
}

async function main(): Promise<void> {
  const { FIREBASE_AUTH_EMULATOR_HOST: authHost, FIRESTORE_EMULATOR_HOST: firestoreHost } = process.env;
  if (!authHost || !firestoreHost) throw new Error('Set FIREBASE_AUTH_EMULATOR_HOST and FIRESTORE_EMULATOR_HOST (see `tsx tools/devenv/emulators.ts`).');
  const hosts = { projectId: process.env.GCLOUD_PROJECT ?? 'demo-ledgerdesk', authHost, firestoreHost };
  if (process.argv.includes('--reset')) await resetEmulators(hosts);
  const summary = await seedDemoData(hosts);
  console.log(JSON.stringify(summary));
}

if (process.argv[1] && path.resolve(process.argv[1]) === __filename) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
