// The Firebase JS client SDK, signed in as the demo administrator, for the read-all paths the app
// no longer takes (the rules let only admin: true read).
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore';
import { DEMO_ADMIN } from '../devenv/demo-accounts';
import type { EmulatorHosts } from '../devenv/emulators';

export interface AdminClient {
  db: Firestore;
  close(): Promise<void>;
}

export async function adminClient(hosts: EmulatorHosts): Promise<AdminClient> {
  const app = initializeApp({ apiKey: 'demo-api-key', projectId: hosts.projectId }, `ledgerdesk-bench-client-${process.pid}`);
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://${hosts.authHost}`, { disableWarnings: true });
  const db = getFirestore(app);
  const at = hosts.firestoreHost.lastIndexOf(':');
  connectFirestoreEmulator(db, hosts.firestoreHost.slice(0, at), Number(hosts.firestoreHost.slice(at + 1)));
  await signInWithEmailAndPassword(auth, DEMO_ADMIN.email, DEMO_ADMIN.password);
  return { db, close: () => deleteApp(app) };
}
