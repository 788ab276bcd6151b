import { collection, doc, limit, onSnapshot, query, Timestamp, where, type Firestore, type Query } from 'firebase/firestore';
import { approvalQueries } from '../../shared/queries/approvals';
import { countWithField } from './counting';
import { readDoc } from './reads';
import { lists, moneyRequest } from '../../shared/queries/lists';
import type { InvestmentsDue } from '../../core/ports/investmentsDue';
import type { LiveFeed, Listening } from '../../core/ports/liveFeed';
import { countMatching, filtersOf, orderOf, planned } from './listQuery';
import { moneyRows } from './moneyLists';

/** How many customers with a KYC waiting the listener holds: enough to notice submissions and decisions. */
const KYC_WINDOW = 50;

const sortValue = (value: unknown): string | number | null =>
  value instanceof Timestamp ? value.toDate().toISOString() : typeof value === 'number' ? value : null;

/**
 * Firestore listeners for live work, built from the same query shapes as the lists (so each has its
 * index). Metadata changes are listened to as well: they say when answers come from the cache
 * because Firestore cannot be reached.
 */
export function firestoreLiveFeed(db: Firestore, due: InvestmentsDue): LiveFeed {
  let open = 0;
  const listen = <S>(q: Query, on: Listening<S>, read: (snapshot: import('firebase/firestore').QuerySnapshot) => S) => {
    open += 1;
    const stop = onSnapshot(
      q,
      { includeMetadataChanges: true },
      (snapshot) => on.next(read(snapshot)),
      (error) => on.error(error)
    );
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      open -= 1;
      stop();
    };
  };

  return {
    watchWindow(name, filters, size, on) {
      const plan = planned(lists[name], moneyRequest(filters));
      const field = plan.shape.order.field;
      const q = query(collection(db, plan.shape.collection), ...filtersOf(plan), ...orderOf(plan), limit(size));
      return listen(q, on, (snapshot) => ({
        entries: snapshot.docs.map((d) => ({ row: moneyRows[name](d.id, d.data()), at: sortValue(d.get(field)) })),
        fromCache: snapshot.metadata.fromCache
      }));
    },
    watchKycQueue(on) {
      const plan = planned(lists.users, { equal: { kyc: 'pending' }, order: 'newest' });
      const q = query(collection(db, plan.shape.collection), ...filtersOf(plan), ...orderOf(plan), limit(KYC_WINDOW));
      return listen(q, on, (snapshot) => ({ fromCache: snapshot.metadata.fromCache, changed: snapshot.docChanges().length > 0 }));
    },
    async current(name, id) {
      const snapshot = await readDoc(doc(db, lists[name].collection, id));
      return snapshot.exists() ? moneyRows[name](snapshot.id, snapshot.data()) : null;
    },
    async pendingCounts() {
      const [deposits, withdrawals, kyc, investmentsDue, approvals] = await Promise.all([
        countMatching(db, lists.deposits, moneyRequest({ status: 'pending' })),
        countMatching(db, lists.withdrawals, moneyRequest({ status: 'pending' })),
        countMatching(db, lists.users, { equal: { kyc: 'pending' } }),
        due.count(new Date()),
        // The Approvals screen's open requests (approvalQueries.openNow, indexed): one past its 72 hours is stored
        // as open until someone closes it, but nobody can approve it any more, so it is not counted.
        countWithField(db, approvalQueries.openNow.collection, approvalQueries.openNow.order.field, [
          where('state', '==', 'requires_review'),
          where('expiresAt', '>', Timestamp.fromMillis(Date.now()))
        ])
      ]);
      return { deposits, withdrawals, kyc, investmentsDue, approvals };
    },
    openListeners: () => open
  };
}
