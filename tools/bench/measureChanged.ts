// Issue 39 §3: the nightly check that reads what changed (server/platform/nightlyCheck.ts) over the seeded
// customers. Every customer is given a chained journal (a genesis entry and a verified head, as
// `npm run records-genesis` leaves them, written in batches here for speed); then, for each night,
// some customers spread over the id range get one new outside entry (the balance moved by $1.00, as
// the journal's writer records it: entry, head marked to check, balance), and the night is run.
// Its reads are held to the bound changedRunReadBound: they grow with what changed, not with the customers.
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { FieldPath, Timestamp, getFirestore, type Firestore, type WriteBatch } from 'firebase-admin/firestore';
import { runChangedCheck } from '../../server/platform/nightlyCheck';
import { chainNext, EMPTY_HEAD, type ChainHead } from '../../src/shared/domain/chain';
import { journalAmountOf } from '../../src/shared/domain/journal';
import { changedRunReadBound, ROLLING_NIGHTS } from '../../src/shared/domain/nightlyCheck';
import type { EmulatorHosts } from '../devenv/emulators';
import type { Target } from './targets';

/** The changed customers of each night measured at scale 1; scaled with the customers (at least 10). */
export const CHANGED_PER_NIGHT = [1_000, 5_000] as const;
export const changedPerNight = (scale: number): number[] => CHANGED_PER_NIGHT.map((n) => Math.max(10, Math.round(n * scale)));

export interface ChangedNight {
  changed: number;
  newEntries: number;
  sampled: number;
  reads: number;
  sampleReads: number;
  /** changedRunReadBound for this night. */
  bound: number;
  ms: number;
  findings: number;
  platformTotalProblem: string | null;
}

export interface ChangedResult {
  customers: number;
  /** Writing the genesis entries and heads of every customer. */
  genesisMs: number;
  nights: ChangedNight[];
  /** What a full run reads at least, to print beside: every customer and every record it sums (the nightly part's bound without its page edges). */
  fullRunDocuments: number;
}

const T0 = Date.UTC(2026, 0, 1);
const BATCH = 500;

interface Head extends ChainHead {
  balanceCents: number | null;
}

/** Runs `work` over `items` a batch at a time, `parallel` batches at once. */
async function inBatches<T>(db: Firestore, items: readonly T[], perItem: number, parallel: number, write: (batch: WriteBatch, item: T) => void) {
  const size = Math.floor(BATCH / perItem);
  let next = 0;
  const worker = async () => {
    for (let start = (next += size) - size; start < items.length; start = (next += size) - size) {
      const batch = db.batch();
      for (const item of items.slice(start, start + size)) write(batch, item);
      await batch.commit();
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

/** Every customer's genesis entry and verified head, from the balance the seed gave them. */
async function seedGenesis(db: Firestore, log: (line: string) => void): Promise<{ ids: string[]; heads: Map<string, Head> }> {
  const heads = new Map<string, Head>();
  const ids: string[] = [];
  const customers: { id: string; balance: unknown }[] = [];
  for (let after: string | null = null; ;) {
    let query = db.collection('users').orderBy(FieldPath.documentId()).select('balance').limit(5_000);
    if (after) query = query.startAfter(after);
    const page = await query.get();
    for (const d of page.docs) customers.push({ id: d.id, balance: d.get('balance') });
    if (page.size < 5_000) break;
    after = page.docs.at(-1)!.id;
  }
  log(`changed nights: writing the genesis entry and head of ${customers.length.toLocaleString('en-US')} customers...`);
  const at = Timestamp.fromMillis(T0);
  await inBatches(db, customers, 2, 4, (batch, { id, balance }) => {
    const balanceAfter = journalAmountOf(balance);
    const entry = { kind: 'genesis', userId: id, changes: [], balanceAfter, at: T0 };
    const head = chainNext(EMPTY_HEAD, entry);
    batch.set(db.doc(`users/${id}/journal/genesis`), { ...entry, at, seq: head.seq, hash: head.hash });
    const stored = { ...head, balanceCents: balanceAfter.cents };
    batch.set(db.doc(`journalHeads/${id}`), { userId: id, ...stored, toCheck: false, changedAt: at, verified: { ...stored, at } });
    heads.set(id, stored);
    ids.push(id);
  });
  return { ids, heads };
}

/** One new outside entry for each of `count` customers spread over the ids: the balance up $1.00, the head marked to check. */
async function changeCustomers(db: Firestore, ids: string[], heads: Map<string, Head>, count: number, night: number): Promise<void> {
  const step = ids.length / count;
  const chosen = Array.from({ length: count }, (_, i) => ids[Math.floor(i * step)]!);
  await inBatches(db, chosen, 3, 4, (batch, id) => {
    const head = heads.get(id)!;
    const before = head.balanceCents ?? 0;
    const after = before + 100;
    const atMs = T0 + night * 86_400_000;
    const entry = {
      kind: 'updated',
      userId: id,
      changes: [{ field: 'balance', before: { cents: before, unreadable: null }, after: { cents: after, unreadable: null }, deltaCents: 100 }],
      balanceMoved: true,
      balanceAfter: { cents: after, unreadable: null },
      writer: { kind: 'customer', id },
      auditId: null,
      outside: true,
      at: atMs
    };
    const next = chainNext(head, entry);
    batch.set(db.doc(`users/${id}/journal/n${night}`), { ...entry, at: Timestamp.fromMillis(atMs), seq: next.seq, hash: next.hash });
    batch.update(db.doc(`journalHeads/${id}`), { seq: next.seq, hash: next.hash, balanceCents: after, toCheck: true, changedAt: Timestamp.fromMillis(atMs) });
    batch.update(db.doc(`users/${id}`), { balance: after / 100 });
    heads.set(id, { ...next, balanceCents: after });
  });
}

export async function measureChanged(
  hosts: EmulatorHosts,
  expected: { successfulDeposits: number; approvedWithdrawals: number; adjustmentEntries: number },
  log: (line: string) => void,
  scale = 1
): Promise<ChangedResult> {
  const app = initializeApp({ projectId: hosts.projectId }, `ledgerdesk-bench-changed-${process.pid}`);
  try {
    const db = getFirestore(app);
    const started = performance.now();
    const { ids, heads } = await seedGenesis(db, log);
    const genesisMs = Math.round(performance.now() - started);
    const nights: ChangedNight[] = [];
    for (const [i, changed] of changedPerNight(scale).entries()) {
      // The check refuses to start while another run is going: any the other parts left is stopped.
      for (const run of (await db.collection('reconciliationRuns').where('state', '==', 'running').get()).docs) await run.ref.update({ state: 'stopped' });
      // A small scale has fewer customers than a night changes: then every one of them.
      const count = Math.min(changed, ids.length);
      await changeCustomers(db, ids, heads, count, i + 1);
      log(`changed nights: ${count.toLocaleString('en-US')} customers changed, checking...`);
      const night = performance.now();
      const answer = await runChangedCheck({ db, log: () => undefined, nights: ROLLING_NIGHTS }, { uid: 'bench', email: 'bench (Ledgerdesk)' }, randomUUID());
      const ms = Math.round(performance.now() - night);
      const s = answer.summary!;
      nights.push({
        changed: s.changed,
        newEntries: count,
        sampled: s.sampled,
        reads: s.reads,
        sampleReads: s.sampleReads,
        bound: changedRunReadBound(s.changed, count, s.sampleReads, ids.length),
        ms,
        findings: s.findingCount,
        platformTotalProblem: s.platformTotal.problem
      });
    }
    return {
      customers: ids.length,
      genesisMs,
      nights,
      fullRunDocuments: ids.length + expected.successfulDeposits + expected.approvedWithdrawals + expected.adjustmentEntries
    };
  } finally {
    await deleteApp(app);
  }
}

const n = (x: number) => Math.round(x).toLocaleString('en-US');

/**
 * Met when every night read within its bound, found nothing wrong in an untampered store, and read
 * what grows with the changes: the extra customers changed cost no more than the bound's share of them.
 */
export function changedTarget(r: ChangedResult): Target {
  const [small, large] = r.nights;
  const within = r.nights.every(
    (night) => night.reads <= night.bound && night.changed === night.newEntries && night.findings === 0 && night.platformTotalProblem === null
  );
  const growth = small && large ? (large.reads - large.sampleReads - (small.reads - small.sampleReads)) / (large.changed - small.changed) : Number.NaN;
  const perChange = Number.isFinite(growth) && growth <= 3 + 2;
  return {
    met: within && perChange,
    detail:
      r.nights
        .map(
          (night) =>
            `${n(night.changed)} changed: ${n(night.reads)} reads (bound ${n(night.bound)} = 3 x ${n(night.changed)} customers + 2 x ${n(night.newEntries)} entries + ${n(night.sampleReads)} sample + aggregations + 50), ${n(night.ms)} ms, ${night.findings} findings`
        )
        .join('; ') +
      `; ${growth.toFixed(2)} reads per added changed customer besides the sample; a full run reads at least ${n(r.fullRunDocuments)} documents over ${n(r.customers)} customers` +
      (r.nights.some((night) => night.platformTotalProblem) ? `; ${r.nights.find((night) => night.platformTotalProblem)!.platformTotalProblem}` : '')
  };
}
