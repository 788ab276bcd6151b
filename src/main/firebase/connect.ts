import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import { connectFirestoreEmulator, initializeFirestore, memoryEagerGarbageCollector, memoryLocalCache, type Firestore } from 'firebase/firestore';
import type { LedgerdeskConfig } from '../config/config';

export interface FirebaseHandles {
  app: FirebaseApp;
  auth: Auth;
  db: Firestore;
  dispose(): Promise<void>;
}

let instances = 0;

/**
 * One Firebase app per Ledgerdesk process (tests create several, hence the unique names).
 * In Node the Auth SDK keeps its session in memory only, so restarting means signing in again.
 *
 * Firestore's cache is in memory with eager garbage collection: it holds the documents of the
 * listeners open now (and of writes not yet acknowledged) and drops the others as soon as the query
 * that read them has answered, so a read of many documents (the reconciliation run's streams, 267,000
 * documents at scale 1) costs a page of memory, not the platform. getFirestore's default, an LRU
 * cache, kept every document the process had read and every query as a target until the SDK's own
 * estimate of their size passed 40 MB, looked at every 5 minutes: measured, about 2.7 kB of heap per
 * document read, still held after the run (docs/performance/history.md). What the LRU cache gave and this
 * one does not: a query asked again could resume from its cached results (fewer reads billed in
 * production); the app counts every query's documents as read.
 *
 * Every one-shot read asks the server (reads.ts): offline, the cache would answer for the platform.
 */
export function connectFirebase(config: Exclude<LedgerdeskConfig, { mode: 'unconfigured' }>): FirebaseHandles {
  const app = initializeApp(config.firebase, `ledgerdesk-${++instances}`);
  const auth = getAuth(app);
  const db = initializeFirestore(app, { localCache: memoryLocalCache({ garbageCollector: memoryEagerGarbageCollector() }) });
  if (config.mode === 'demo') {
    connectAuthEmulator(auth, `http://${config.emulators.authHost}`, { disableWarnings: true });
    const [host, port] = splitHost(config.emulators.firestoreHost);
    connectFirestoreEmulator(db, host, port);
  }
  return { app, auth, db, dispose: () => deleteApp(app) };
}

const splitHost = (hostAndPort: string): [string, number] => {
  const at = hostAndPort.lastIndexOf(':');
  return [hostAndPort.slice(0, at), Number(hostAndPort.slice(at + 1))];
};
