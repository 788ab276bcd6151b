import type { DailyTotals, DashboardFigureName } from '../../../shared/contract';

/**
 * What a figure's aggregation answered: a count (leftOut and notFinite null), or a finite sum with
 * the records it left out: amounts that are not numbers, and NaN or infinite ones.
 */
export interface FigureValue {
  value: number;
  leftOut: number | null;
  notFinite: number | null;
  /** When what the figure describes happened, when it is not now (the last reconciliation run's end). */
  at?: string | null;
  /** Customer balances: those below zero, kept out of the figure, and what they owe the platform. */
  owing?: { customers: number; amount: number };
  /** Pending withdrawals: those with no status Ledgerdesk recognises, counted in the figure. */
  noStatus?: { count: number; amount: number };
}

/** The storage side of the dashboard (src/main/firebase/dashboardRepository.ts). */
export interface DashboardRepository {
  /** One card's figure: a count, or an amount with the records its sum left out. */
  figure(name: DashboardFigureName): Promise<FigureValue>;
  /** Deposited and withdrawn per local calendar day for the last `days` days, oldest first. */
  daily(days: number): Promise<DailyTotals>;
}
