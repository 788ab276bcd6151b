// The platform's customers during a soak (`npm run bench -- --soak`): a separate process that writes
// new pending deposits and withdrawals with firebase-admin at a steady pace, as customers' apps do,
// so the bench's own process holds only Ledgerdesk's main services and what drives them.
import { initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';

const [count, everyMs, customers] = [Number(process.env.SOAK_RECORDS), Number(process.env.SOAK_EVERY_MS), Number(process.env.SOAK_CUSTOMERS)];

async function main(): Promise<void> {
  process.env.METADATA_SERVER_DETECTION = 'none';
  const db = getFirestore(initializeApp({ projectId: process.env.GCLOUD_PROJECT }));
  for (let n = 0; n < count; n++) {
    const customer = `soak-customer-${n % customers}`;
    const at = Timestamp.fromMillis(Date.now());
    const kind = n % 2 === 0 ? 'deposits' : 'withdrawals';
    const common = { userId: customer, amount: 10 + (n % 90), status: 'pending' };
    await db
      .collection(kind)
      .doc(`soak-${kind}-${n}`)
      .set(
        kind === 'deposits'
          ? { ...common, userEmail: `${customer}@example.com`, method: 'BITCOIN', timestamp: at }
          : { ...common, email: `${customer}@example.com`, cryptoType: 'BITCOIN', walletAddress: 'bc1qsoak', createdAt: at }
      );
    if ((n + 1) % 100 === 0) process.stdout.write(`${n + 1}\n`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
);
