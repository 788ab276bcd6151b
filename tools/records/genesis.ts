// npm run records-genesis [-- --dry-run]
// Starts the chained journal of every customer who has none (docs/product-rules.md §16.1): a genesis
// entry at users/{id}/journal/genesis recording the balance the customer holds now, and the head at
// journalHeads/{id} the journal's writer chains every later entry onto. Entries written before
// chaining are left as they are. Run it once after deploying the chained journal; running it again
// seeds nobody twice. Runs with firebase-admin: a service account of the platform's project, or the
// emulators (FIRESTORE_EMULATOR_HOST).
import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { FieldPath, getFirestore, Timestamp, type Firestore, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { genesisOf, GENESIS_ID } from '../../src/shared/domain/genesis';
import { journalPath } from '../../src/shared/domain/journal';
import { JOURNAL_HEADS } from '../../src/shared/domain/recordsCheck';
import { platformProject } from '../devenv/platformProject';

const PAGE = 1_000;

export interface GenesisReport {
  /** Customers given a genesis entry and a head (with dryRun: who would be). */
  seeded: number;
  /** Customers who already had a head: their chain is left as it is. */
  alreadyChained: number;
}

export interface GenesisOptions {
  dryRun?: boolean;
  /** The seeding time (epoch ms); by default the clock's, read per customer. */
  now?: () => number;
  say?: (line: string) => void;
  pageSize?: number;
}

/**
 * Seeds one customer in one transaction: the head is read again inside it, so a journal write that
 * chained the customer meanwhile (its own genesis from an empty head) is never overwritten.
 * Answers what became of them: seeded, chained already, or deleted since the page was read.
 */
async function seedOne(db: Firestore, userId: string, now: () => number): Promise<'seeded' | 'chained' | 'gone'> {
  return db.runTransaction(async (tx) => {
    const headRef = db.doc(`${JOURNAL_HEADS}/${userId}`);
    const userRef = db.doc(`users/${userId}`);
    const [head, user] = await Promise.all([tx.get(headRef), tx.get(userRef)]);
    if (head.exists) return 'chained';
    if (!user.exists) return 'gone';
    const { entry, head: start } = genesisOf(userId, user.get('balance'), now());
    tx.create(db.doc(`${journalPath(userId)}/${GENESIS_ID}`), { ...entry, at: Timestamp.fromMillis(entry.at) });
    tx.create(headRef, { ...start, changedAt: Timestamp.fromMillis(start.changedAt) });
    return 'seeded';
  });
}

/** Every customer, by document id, a page at a time; those without a head are seeded one transaction each. */
export async function seedGenesis(db: Firestore, options: GenesisOptions = {}): Promise<GenesisReport> {
  const { dryRun = false, now = Date.now, say = () => undefined, pageSize = PAGE } = options;
  const report: GenesisReport = { seeded: 0, alreadyChained: 0 };
  let last: QueryDocumentSnapshot | null = null;
  let read = 0;
  for (;;) {
    const ordered = db.collection('users').orderBy(FieldPath.documentId()).limit(pageSize);
    const page = await (last === null ? ordered : ordered.startAfter(last)).get();
    if (page.empty) break;
    // One read of the page's heads, so customers already chained cost no transaction.
    const heads = await db.getAll(...page.docs.map((doc) => db.doc(`${JOURNAL_HEADS}/${doc.id}`)));
    for (const [i, doc] of page.docs.entries()) {
      if (heads[i]!.exists) report.alreadyChained += 1;
      else if (dryRun) {
        report.seeded += 1;
        say(`Would seed ${doc.id}: balance ${JSON.stringify(doc.get('balance') ?? null)}.`);
      } else {
        const outcome = await seedOne(db, doc.id, now);
        if (outcome === 'seeded') report.seeded += 1;
        else if (outcome === 'chained') report.alreadyChained += 1;
      }
    }
    read += page.size;
    say(`${read} customers read: ${report.seeded} ${dryRun ? 'to seed' : 'seeded'}, ${report.alreadyChained} already had a head.`);
    if (page.size < pageSize) break;
    last = page.docs.at(-1)!;
  }
  return report;
}

export const genesisSummary = (report: GenesisReport, dryRun: boolean): string =>
  `${dryRun ? 'Dry run: would seed' : 'Seeded'} ${report.seeded} customer${report.seeded === 1 ? '' : 's'}; ${report.alreadyChained} customer${report.alreadyChained === 1 ? '' : 's'} already had a head.`;

async function main(args: string[]): Promise<void> {
  const unknown = args.filter((arg) => arg !== '--dry-run');
  if (unknown.length > 0) throw new Error(`Usage: npm run records-genesis [-- --dry-run] (not ${unknown.join(' ')})`);
  const dryRun = args.includes('--dry-run');
  const emulator = process.env.FIRESTORE_EMULATOR_HOST;
  const { projectId, said } = platformProject(emulator);
  console.log(said);
  const app = initializeApp({ projectId }, `records-genesis-${process.pid}`);
  try {
    const report = await seedGenesis(getFirestore(app), { dryRun, say: (line) => console.log(line) });
    console.log(genesisSummary(report, dryRun));
  } finally {
    await deleteApp(app);
  }
}

// __filename, not import.meta: the demo's seed imports this file, and Playwright loads that as CommonJS.
if (process.argv[1] && path.resolve(process.argv[1]) === __filename) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  });
}
