import type { DailyTotals, DashboardFigure, DashboardFigureName } from '../../shared/contract';

/**
 * What a figure's aggregation answered: a count (leftOut and notFinite null), or a finite sum with
 * the records it left out: amounts that are not numbers, and NaN or infinite ones. The handler names
 * the figure and adds when Firestore answered (dashboard.figure).
 */
export type FigureValue = Omit<DashboardFigure, 'figure' | 'asOf'>;

/** The storage side of the dashboard (src/main/firebase/dashboardRepository.ts). */
export interface DashboardRepository {
  /** One card's figure: a count, or an amount with the records its sum left out. */
  figure(name: DashboardFigureName): Promise<FigureValue>;
  /** Deposited and withdrawn per local calendar day for the last `days` days, oldest first. */
  daily(days: number): Promise<DailyTotals>;
}
