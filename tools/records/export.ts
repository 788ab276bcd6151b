// npm run export-records -- OUT.jsonl
// Writes what an auditor verifies offline (npm run verify-records): the audit log, every customer's
// journal, the chains' heads and the daily digests, one JSON line {path, data} per document, times as
// epoch milliseconds (as the chains hash them). Read page by page, so memory stays flat at any size.
// Runs with firebase-admin: a service account of the platform's project, or the emulators
// (FIRESTORE_EMULATOR_HOST).
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { FieldPath, getFirestore, Timestamp, type Firestore, type Query, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { AUDIT_HEAD_PATH, DIGESTS, JOURNAL_HEADS } from '../../src/shared/domain/recordsCheck';
import { platformProject } from '../devenv/platformProject';

const PAGE = 1_000;

/** A stored value as the export writes it: a Timestamp as its milliseconds, a reference as its path. */
export function exported(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toMillis();
  if (Array.isArray(value)) return value.map(exported);
  if (typeof value === 'object' && value !== null) {
    const maybeRef = value as { path?: unknown; firestore?: unknown };
    if (typeof maybeRef.path === 'string' && maybeRef.firestore) return maybeRef.path;
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, exported(inner)]));
  }
  return value;
}

async function* pages(query: Query): AsyncGenerator<{ path: string; data: Record<string, unknown> }> {
  let last: QueryDocumentSnapshot | null = null;
  for (;;) {
    const ordered = query.orderBy(FieldPath.documentId()).limit(PAGE);
    const page = await (last === null ? ordered : ordered.startAfter(last)).get();
    for (const doc of page.docs) yield { path: doc.ref.path, data: exported(doc.data()) as Record<string, unknown> };
    if (page.size < PAGE) return;
    last = page.docs.at(-1)!;
  }
}

/** Every document the verifier reads, in a stable order; answers how many were written. */
export async function exportRecords(db: Firestore, write: (line: string) => void): Promise<number> {
  let count = 0;
  const put = (doc: { path: string; data: Record<string, unknown> }) => {
    write(`${JSON.stringify(doc)}\n`);
    count += 1;
  };
  const head = await db.doc(AUDIT_HEAD_PATH).get();
  if (head.exists) put({ path: head.ref.path, data: exported(head.data()) as Record<string, unknown> });
  for (const name of ['auditLog', JOURNAL_HEADS, DIGESTS]) for await (const doc of pages(db.collection(name))) put(doc);
  for await (const doc of pages(db.collectionGroup('journal'))) put(doc);
  return count;
}

async function main(args: string[]): Promise<void> {
  if (args.length !== 1) throw new Error('Usage: npm run export-records -- OUT.jsonl');
  const emulator = process.env.FIRESTORE_EMULATOR_HOST;
  const { projectId, said } = platformProject(emulator);
  console.log(said);
  const app = initializeApp({ projectId }, `export-records-${process.pid}`);
  const out = createWriteStream(args[0]!);
  try {
    const count = await exportRecords(getFirestore(app), (line) => out.write(line));
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    console.log(`Wrote ${count} records to ${args[0]}. Check them with: npm run verify-records -- ${args[0]} --digests <the digest files you kept>`);
  } finally {
    await deleteApp(app);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  });
}
