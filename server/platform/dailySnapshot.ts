// The daily snapshot on the server (docs/product-rules.md §10.7): every hour the schedule asks whether
// the platform's last finished day has its snapshot and, if not, takes it with the queries the
// desktop asks (src/shared/queries/snapshot.ts). create() writes it once: a second delivery, a second
// hour or a desktop that got there first leaves the stored one as it is.
import type { Firestore } from 'firebase-admin/firestore';
import { closedDay, DAILY_SNAPSHOTS, storedSnapshot } from '../../src/shared/domain/dailySnapshot';
import { PLATFORM_SETTINGS_PATH, readPlatformSettings } from '../../src/shared/domain/platformSettings';
import { snapshotFigures } from '../../src/shared/queries/snapshot';
import { adminAggregations } from './aggregations';

export interface SnapshotDeps {
  db: Firestore;
  log: (line: string) => void;
  now?: () => Date;
}

/** gRPC's ALREADY_EXISTS: the document create() would write is there. */
const ALREADY_EXISTS = 6;

/** Takes the last finished day's snapshot unless it has one; answers the day and whether this call wrote it. */
export async function dailySnapshot(deps: SnapshotDeps): Promise<{ day: string; written: boolean }> {
  const now = deps.now?.() ?? new Date();
  const settings = readPlatformSettings((await deps.db.doc(PLATFORM_SETTINGS_PATH).get()).data() ?? null);
  const day = closedDay(settings.timeZone, now);
  const ref = deps.db.collection(DAILY_SNAPSHOTS).doc(day);
  // One read on the hours after the first: the aggregations are asked only for a day without one.
  if ((await ref.get()).exists) return { day, written: false };
  const snapshot = await snapshotFigures(adminAggregations(deps.db), day, settings.timeZone, now, 'server');
  try {
    await ref.create(storedSnapshot(snapshot));
  } catch (error) {
    if ((error as { code?: unknown }).code === ALREADY_EXISTS) return { day, written: false };
    throw error;
  }
  deps.log(`Daily snapshot of ${day} (${settings.timeZone}) taken.`);
  return { day, written: true };
}
