import { collection, doc, documentId, orderBy, query, where, type Firestore } from 'firebase/firestore';
import { readDoc, readDocs } from './reads';
import { DAILY_SNAPSHOTS, readDailySnapshot, type DailySnapshot } from '../../shared/domain/dailySnapshot';
import { snapshotFigures } from '../../shared/queries/snapshot';
import type { DailySnapshots } from '../../core/ports/dailySnapshots';
import { firestoreAggregations } from './aggregations';
import { mapFirebaseErrors } from './errors';

/** dailySnapshots/{YYYY-MM-DD} through the client SDK; the figures by the queries the platform's functions ask too. */
export function firestoreDailySnapshots(db: Firestore): DailySnapshots {
  const run = firestoreAggregations(db);
  return {
    since: (first) =>
      mapFirebaseErrors(async () => {
        // Day ids sort as the days do.
        const found = await readDocs(query(collection(db, DAILY_SNAPSHOTS), where(documentId(), '>=', first), orderBy(documentId())));
        return found.docs.flatMap((d) => readDailySnapshot(d.id, d.data()) ?? []) satisfies DailySnapshot[];
      }),
    has: (day) => mapFirebaseErrors(async () => (await readDoc(doc(db, DAILY_SNAPSHOTS, day))).exists()),
    figures: (day, timeZone, now) => mapFirebaseErrors(() => snapshotFigures(run, day, timeZone, now, 'desktop'))
  };
}
