import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore';
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
 */
export function connectFirebase(config: Exclude<LedgerdeskConfig, { mode: 'unconfigured' }>): FirebaseHandles {
  const app = initializeApp(config.firebase, `ledgerdesk-${++instances}`);
  const auth = getAuth(app);
  const db = getFirestore(app);
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
