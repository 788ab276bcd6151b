// The mailOutbox through firebase-admin: the part of the outbox a deliverer needs (due, claim, sent,
// failed), deciding each step as the desktop's store does (src/shared/domain/mailOutbox.ts).
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { MailOutbox } from '../../src/core/ports/mailOutbox';
import { claimedMailOf, claimOf, mayRecordFailure, type ClaimedMail } from '../../src/shared/domain/mailOutbox';

export type DeliveryOutbox = Pick<MailOutbox, 'due' | 'claim' | 'markSent' | 'markFailed'>;

export function adminMailOutbox(db: Firestore): DeliveryOutbox {
  const entry = (id: string) => db.collection('mailOutbox').doc(id);
  return {
    async due(nowMs, limit) {
      const found = await db.collection('mailOutbox').where('nextAttemptAt', '<=', Timestamp.fromMillis(nowMs)).orderBy('nextAttemptAt').limit(limit).get();
      return found.docs.map((d) => d.id);
    },

    claim: (id, nowMs, leaseMs, owner) =>
      db.runTransaction(async (tx): Promise<ClaimedMail | null> => {
        const snapshot = await tx.get(entry(id));
        const d = snapshot.data();
        const next = d?.nextAttemptAt;
        const decision = d
          ? claimOf({ state: d.state, attempts: d.attempts, nextAttemptAtMs: next instanceof Timestamp ? next.toMillis() : null }, nowMs, leaseMs)
          : null;
        if (!d || !decision) return null;
        if ('giveUp' in decision) {
          tx.update(entry(id), { state: 'failed', lastError: decision.giveUp, nextAttemptAt: null });
          return null;
        }
        const { attempts, leaseUntilMs } = decision.claim;
        tx.update(entry(id), { state: 'sending', attempts, leaseOwner: owner, nextAttemptAt: Timestamp.fromMillis(leaseUntilMs) });
        return claimedMailOf(id, d, attempts);
      }),

    markSent: (id) =>
      db.runTransaction(async (tx) => {
        const snapshot = await tx.get(entry(id));
        // It did go out, even if the lease ran out meanwhile; only a second 'sent' is pointless.
        if (snapshot.get('state') === 'sent') return;
        tx.update(entry(id), { state: 'sent', sentAt: FieldValue.serverTimestamp(), nextAttemptAt: null, lastError: null });
      }),

    markFailed: (id, owner, error, retryAtMs) =>
      db.runTransaction(async (tx) => {
        const snapshot = await tx.get(entry(id));
        if (!mayRecordFailure(snapshot.get('state'), snapshot.get('leaseOwner'), owner)) return;
        tx.update(entry(id), { state: 'failed', lastError: error, nextAttemptAt: retryAtMs === null ? null : Timestamp.fromMillis(retryAtMs) });
      })
  };
}
