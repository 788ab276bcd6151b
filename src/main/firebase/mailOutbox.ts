import { Timestamp, collection, doc, limit, orderBy, query, runTransaction, serverTimestamp, where, type Firestore } from 'firebase/firestore';
import { readDocs } from './reads';
import { claimedMailOf, claimOf, mayRecordFailure } from '../../shared/domain/mailOutbox';
import { mailStates, type MailState } from '../../shared/schemas/money';
import { AppError } from '../../shared/result';
import type { ClaimedMail, MailOutbox } from '../../core/ports/mailOutbox';
import { countOf } from './counting';
import { mapFirebaseErrors } from './errors';
import { readList } from './listQuery';
import { lists } from '../../shared/queries/lists';
import { operationRef, replayIn } from './operations';
import { readAuditChain, retryingStaleHead } from './auditChain';
import { auditRecord } from './records';
import { isoOf, textOf } from './values';

const MAIL_PAGE = 25;

const stateOf = (value: unknown): MailState => (mailStates.includes(value as MailState) ? (value as MailState) : 'queued');

/**
 * The mailOutbox collection. `nextAttemptAt` is the only field the dispatcher queries: due
 * entries have it in the past, a claimed entry has it at the end of its lease (so a crashed
 * sender's entry becomes due again), and sent or given-up entries have it null.
 */
export function firestoreMailOutbox(db: Firestore): MailOutbox {
  const outbox = collection(db, 'mailOutbox');
  const entry = (id: string) => doc(outbox, id);

  return {
    list: (at) =>
      readList(db, {
        list: lists.mail,
        request: { equal: { state: at.state ?? null, to: at.to ?? null } },
        pageSize: MAIL_PAGE,
        at,
        toRow: (id, d) => ({
          id,
          kind: textOf(d.kind) ?? 'custom',
          to: textOf(d.to) ?? '',
          toName: textOf(d.toName),
          subject: textOf(d.subject) ?? '',
          about: textOf(d.about),
          state: stateOf(d.state),
          attempts: typeof d.attempts === 'number' ? d.attempts : 0,
          lastError: textOf(d.lastError),
          createdAt: isoOf(d.createdAt),
          sentAt: isoOf(d.sentAt),
          nextAttemptAt: isoOf(d.nextAttemptAt)
        })
      }),

    counts: () =>
      mapFirebaseErrors(async () => {
        const counted = await Promise.all(mailStates.map((state) => countOf(query(outbox, where('state', '==', state)))));
        const [queued, sending, sent, failed] = counted as [number, number, number, number];
        return { queued, sending, sent, failed };
      }),

    due: (nowMs, max) =>
      mapFirebaseErrors(async () => {
        const found = await readDocs(query(outbox, where('nextAttemptAt', '<=', Timestamp.fromMillis(nowMs)), orderBy('nextAttemptAt'), limit(max)));
        return found.docs.map((d) => d.id);
      }),

    claim: (id, nowMs, leaseMs, owner) =>
      mapFirebaseErrors(() =>
        runTransaction(db, async (tx): Promise<ClaimedMail | null> => {
          const snapshot = await tx.get(entry(id));
          const d = snapshot.data();
          const nextAttemptAtMs = d?.nextAttemptAt instanceof Timestamp ? d.nextAttemptAt.toMillis() : null;
          const decision = d ? claimOf({ state: d.state, attempts: d.attempts, nextAttemptAtMs }, nowMs, leaseMs) : null;
          if (!d || !decision) return null;
          if ('giveUp' in decision) {
            tx.update(entry(id), { state: 'failed', lastError: decision.giveUp, nextAttemptAt: null });
            return null;
          }
          const { attempts, leaseUntilMs } = decision.claim;
          tx.update(entry(id), { state: 'sending', attempts, leaseOwner: owner, nextAttemptAt: Timestamp.fromMillis(leaseUntilMs) });
          return claimedMailOf(id, d, attempts);
        })
      ),

    markSent: (id) =>
      mapFirebaseErrors(() =>
        runTransaction(db, async (tx) => {
          const snapshot = await tx.get(entry(id));
          // We did send it, even if our lease ran out meanwhile; only a second 'sent' is pointless.
          if (snapshot.get('state') === 'sent') return;
          tx.update(entry(id), { state: 'sent', sentAt: serverTimestamp(), nextAttemptAt: null, lastError: null });
        })
      ),

    markFailed: (id, owner, error, retryAtMs) =>
      mapFirebaseErrors(() =>
        runTransaction(db, async (tx) => {
          const snapshot = await tx.get(entry(id));
          if (!mayRecordFailure(snapshot.get('state'), snapshot.get('leaseOwner'), owner)) return;
          tx.update(entry(id), {
            state: 'failed',
            lastError: error,
            nextAttemptAt: retryAtMs === null ? null : Timestamp.fromMillis(retryAtMs)
          });
        })
      ),

    retry: (id, actor, operation) =>
      mapFirebaseErrors(() =>
        retryingStaleHead(db, (seen) =>
          runTransaction(db, async (tx) => {
            if (await replayIn(tx, db, operation)) return;
            const snapshot = await tx.get(entry(id));
            if (!snapshot.exists()) throw new AppError('NOT_FOUND', 'This e-mail is no longer in the queue.');
            if (snapshot.get('state') !== 'failed') throw new AppError('CONFLICT', 'Only a failed e-mail can be retried.');
            const chain = await readAuditChain(tx, db, { seen });
            tx.update(entry(id), { state: 'queued', nextAttemptAt: serverTimestamp() });
            const to = textOf(snapshot.get('to')) ?? '';
            chain.append(
              operationRef(db, operation),
              auditRecord(
                {
                  kind: 'mail',
                  action: 'mail.retry',
                  entityPath: `mailOutbox/${id}`,
                  summary: `E-mail "${textOf(snapshot.get('subject')) ?? ''}" to ${to} queued again`,
                  before: { [`mailOutbox/${id}.state`]: 'failed' },
                  after: { [`mailOutbox/${id}.state`]: 'queued' },
                  notes: [],
                  reason: null
                },
                actor,
                operation,
                null,
                [`mailOutbox/${id}`]
              )
            );
          })
        )
      )
  };
}
