// The platform's customer app, as the simulation drives it: the Firebase client SDK signed in as one
// customer, writing only what the platform's rules (platform-customers.rules) let a customer write.
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import {
  addDoc,
  collection,
  connectFirestoreEmulator,
  doc,
  getFirestore,
  increment,
  serverTimestamp,
  setLogLevel,
  updateDoc,
  writeBatch,
  type Firestore
} from 'firebase/firestore';
import type { EmulatorHosts } from '../devenv/emulators';

export interface SimCustomer {
  uid: string;
  email: string;
  password: string;
  fullname: string;
  myReferralId: string;
  /** The referral id of the customer who brought this one, if any. */
  referreduserid: string | null;
}

export interface CustomerApp {
  readonly customer: SimCustomer;
  requestDeposit(amount: number, method: string): Promise<string>;
  /** The customer app takes the amount off the balance when the request is made, as the platform's app does. */
  requestWithdrawal(amount: number): Promise<string>;
  invest(amount: number): Promise<string>;
  compoundInvest(amount: number): Promise<string>;
  rename(fullname: string): Promise<void>;
  /** Where a platform's rules let customers write their profile: a balance raised by the customer, naming any audit entry it likes. */
  raiseOwnBalance(amount: number, lastAuditId: string | null): Promise<void>;
  close(): Promise<void>;
}

export const SIM_WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';

let apps = 0;
// The rules refuse some of a customer's writes on purpose (a withdrawal the balance cannot cover); the SDK would print each.
setLogLevel('silent');

export async function customerApp(hosts: EmulatorHosts, customer: SimCustomer): Promise<CustomerApp> {
  const app = initializeApp({ apiKey: 'demo-api-key', projectId: hosts.projectId }, `ledgerdesk-sim-customer-${process.pid}-${++apps}`);
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://${hosts.authHost}`, { disableWarnings: true });
  const db: Firestore = getFirestore(app);
  const at = hosts.firestoreHost.lastIndexOf(':');
  connectFirestoreEmulator(db, hosts.firestoreHost.slice(0, at), Number(hosts.firestoreHost.slice(at + 1)));
  await signInWithEmailAndPassword(auth, customer.email, customer.password);
  const own = { userId: customer.uid, username: customer.fullname };
  return {
    customer,
    requestDeposit: async (amount, method) =>
      (await addDoc(collection(db, 'deposits'), { ...own, userEmail: customer.email, method, amount, status: 'pending', timestamp: serverTimestamp() })).id,
    async requestWithdrawal(amount) {
      // One batch: the platform's rules refuse both writes when the balance cannot cover the amount.
      const batch = writeBatch(db);
      const ref = doc(collection(db, 'withdrawals'));
      batch.set(ref, {
        ...own,
        email: customer.email,
        amount,
        cryptoType: 'ETHEREUM',
        walletAddress: SIM_WALLET,
        status: 'pending',
        createdAt: serverTimestamp()
      });
      batch.update(doc(db, 'users', customer.uid), { balance: increment(-amount) });
      await batch.commit();
      return ref.id;
    },
    invest: async (amount) =>
      (
        await addDoc(collection(db, 'investments'), {
          email: customer.email,
          plan: 'Starter',
          roi: 10,
          duration: 30,
          amount,
          status: 'pending',
          createdAt: serverTimestamp()
        })
      ).id,
    compoundInvest: async (amount) =>
      (
        await addDoc(collection(db, 'compoundInvest'), {
          email: customer.email,
          plan: 'Compound',
          amount,
          paytype: 'monthly',
          status: 'pending',
          startAt: serverTimestamp(),
          endAt: serverTimestamp()
        })
      ).id,
    rename: (fullname) => updateDoc(doc(db, 'users', customer.uid), { fullname }),
    raiseOwnBalance: (amount, lastAuditId) =>
      updateDoc(doc(db, 'users', customer.uid), { balance: increment(amount), ...(lastAuditId ? { lastAuditId } : {}) }),
    close: () => deleteApp(app)
  };
}
