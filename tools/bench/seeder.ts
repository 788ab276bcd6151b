// Writes the bench data with firebase-admin: batches of 500, several in flight so the emulator
// (Java) and this process (serialising) keep both cores busy.
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import type { EmulatorHosts } from '../devenv/emulators';
import type { BenchDoc } from './data';

export const BATCH_SIZE = 500;

export interface SeedJob {
  collection: string;
  docs: BenchDoc[];
}

export interface SeedOptions {
  concurrency: number;
  log: (line: string) => void;
}

/** Chunks of at most `size`, in order, across all jobs. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export async function seedCollections(hosts: EmulatorHosts, jobs: SeedJob[], options: SeedOptions): Promise<{ ms: number; docs: number }> {
  if (!hosts.projectId.startsWith('demo-')) throw new Error(`Refusing to seed project "${hosts.projectId}": only demo-* emulator projects.`);
  process.env.FIRESTORE_EMULATOR_HOST = hosts.firestoreHost;
  process.env.METADATA_SERVER_DETECTION = 'none';
  const app = initializeApp({ projectId: hosts.projectId }, `ledgerdesk-bench-seed-${process.pid}`);
  const started = performance.now();
  try {
    const db = getFirestore(app);
    const work = jobs.flatMap((job) => chunk(job.docs, BATCH_SIZE).map((docs) => ({ collection: job.collection, docs })));
    const total = work.reduce((n, w) => n + w.docs.length, 0);
    let next = 0;
    let written = 0;
    let reported = 0;
    const step = Math.max(BATCH_SIZE, Math.ceil(total / 10 / BATCH_SIZE) * BATCH_SIZE);
    const worker = async () => {
      while (next < work.length) {
        const item = work[next++]!;
        const batch = db.batch();
        const ref = db.collection(item.collection);
        for (const d of item.docs) batch.set(ref.doc(d.id), d.data);
        await batch.commit();
        written += item.docs.length;
        if (written - reported >= step || written === total) {
          reported = written;
          const s = (performance.now() - started) / 1000;
          options.log(`seeded ${written.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} documents (${s.toFixed(1)} s, ${Math.round(written / s)} docs/s)`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
    return { ms: performance.now() - started, docs: written };
  } finally {
    await deleteApp(app);
  }
}
