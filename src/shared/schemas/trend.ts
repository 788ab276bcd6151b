import { z } from 'zod';
import { owedNames, TREND_DAYS } from '../domain/dailySnapshot';
import { flowNames } from '../domain/flows';

/** An amount in whole cents, with the records that could not be summed into it. */
const snapshotAmountSchema = z.object({ cents: z.number().int(), leftOut: z.number().int().nonnegative() });
const amounts = <Name extends string>(names: readonly [Name, ...Name[]]) =>
  z.object(Object.fromEntries(names.map((name) => [name, snapshotAmountSchema])) as Record<Name, typeof snapshotAmountSchema>);

/** One day's snapshot (src/shared/domain/dailySnapshot.ts). */
export const dailySnapshotSchema = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  timeZone: z.string(),
  owed: amounts(owedNames),
  flows: amounts(flowNames),
  takenAt: z.string(),
  takenBy: z.enum(['server', 'desktop'])
});
export type DailySnapshotRow = z.output<typeof dailySnapshotSchema>;

export const trendInputSchema = z.object({ days: z.number().int().min(1).max(TREND_DAYS).optional() }).strict();

/** The snapshots of the last `days` days that have one, oldest first; the days asked, so a screen can show the gaps. */
export const trendSchema = z.object({ days: z.array(z.string()), snapshots: z.array(dailySnapshotSchema) });
export type Trend = z.output<typeof trendSchema>;
