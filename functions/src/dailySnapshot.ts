// The money's daily snapshot (server/platform/dailySnapshot.ts): every hour, the platform's last
// finished day gets its snapshot if it has none, so it is taken within the hour after the platform's midnight.
import { getFirestore } from 'firebase-admin/firestore';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { dailySnapshot } from '../../server/platform/dailySnapshot';
import { platformApp } from './app';

export const dailySnapshotHourly = onSchedule({ schedule: '5 * * * *', timeZone: 'UTC' }, async () => {
  await dailySnapshot({ db: getFirestore(platformApp()), log: (line) => console.log(line) });
});
