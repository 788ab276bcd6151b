import type { QueryShape } from './shape';

/**
 * The queries behind investments due (src/main/firebase/investmentsDue.ts). Maturity is not stored:
 * it is createdAt + duration days, so "matured by now" is one range per plan duration in use
 * (status active, duration d, createdAt at or before now minus d days), and the answers are merged
 * by maturity. Declared as shapes so firestore.indexes.json carries their indexes.
 */
export const dueQueries = {
  /** The next duration in use among active investments after a given one (one document per step). */
  durations: { collection: 'investments', equality: ['status'], range: 'duration', order: { field: 'duration', direction: 'asc' } },
  /** Active investments of one duration created at or before a moment, oldest first: those matured by then. */
  matured: { collection: 'investments', equality: ['status', 'duration'], range: 'createdAt', order: { field: 'createdAt', direction: 'asc' } },
  /** The next ROI rate in use among active investments of one duration (the dashboard's owed sum, one document per step). */
  rates: { collection: 'investments', equality: ['status', 'duration'], range: 'roi', order: { field: 'roi', direction: 'asc' } },
  /** Active investments of one duration and one rate matured by a moment: their principal is summed. */
  maturedAtRate: { collection: 'investments', equality: ['status', 'duration', 'roi'], range: 'createdAt', order: { field: 'createdAt', direction: 'asc' } }
} as const satisfies Record<string, QueryShape>;
