// Writes the bench data with firebase-admin: batches of 500, several in flight so the emulator
// (Java) and this process (serialising) keep both cores busy.
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import type { EmulatorHosts } from '../devenv/emulators';
import type { BenchDoc, SeedJob } from './data';

export const BATCH_SIZE = 500;

export interface SeedOptions {
  concurrency: number;
  log: (line: string) => void;
}

/** Chunks of at most `size`, in order. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The jobs' documents in batches, job after job (users last: their totals need the others generated). */
export function* batchesOf(jobs: readonly SeedJob[], size: number): Generator<{ collection: string; docs: BenchDoc[] }> {
  for (const job of jobs) {
    let docs: BenchDoc[] = [];
    for (const d of job.docs()) {
      docs.push(d);
      if (docs.length === size) {
        yield { collection: job.collection, docs };
        docs = [];
      }
    }
    if (docs.length > 0) yield { collection: job.collection, docs };
  }
}

export async function seedCollections(hosts: EmulatorHosts, jobs: SeedJob[], options: SeedOptions): Promise<{ ms: number; docs: number }> {
  if (!hosts.projectId.startsWith('demo-')) throw new Error(`Refusing to seed project "${hosts.projectId}": only demo-* emulator projects.`);
  process.env.FIRESTORE_EMULATOR_HOST = hosts.firestoreHost;
  process.env.METADATA_SERVER_DETECTION = 'none';
  const app = initializeApp({ projectId: hosts.projectId }, `ledgerdesk-bench-seed-${process.pid}`);
  const started = performance.now();
  try {
    const db = getFirestore(app);
    // Batches are made as they are written: at scale 10 the data would not fit in memory at once.
    const work = batchesOf(jobs, BATCH_SIZE);
    const total = jobs.reduce((n, job) => n + job.count, 0);
    let written = 0;
    let reported = 0;
    const step = Math.max(BATCH_SIZE, Math.ceil(total / 10 / BATCH_SIZE) * BATCH_SIZE);
    const worker = async () => {
      for (let item = work.next(); !item.done; item = work.next()) {
        const batch = db.batch();
        const ref = db.collection(item.value.collection);
        for (const d of item.value.docs) batch.set(ref.doc(d.id), d.data);
        await batch.commit();
        written += item.value.docs.length;
        if (written - reported >= step || written === total) {
          reported = written;
          const s = (performance.now() - started) / 1000;
          options.log(
            `seeded ${written.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} documents (${s.toFixed(1)} s, ${Math.round(written / s)} docs/s)`
          );
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
    return { ms: performance.now() - started, docs: written };
  } finally {
    await deleteApp(app);
  }
}
