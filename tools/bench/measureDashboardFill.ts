// The dashboard as a signed-in administrator sees it fill: the calls the page makes (the session's
// last figures, then every card's figure at once), timed from the request to the first figure on
// screen and to the last fresh one. Twice: the first dashboard of a session (nothing kept yet) and
// a later one (the main process has the session's last figures).
import { dashboardFigureNames } from '../../src/shared/contract';
import { DEMO_ADMIN } from '../devenv/demo-accounts';
import type { BenchApp } from './app';
import { median, round1 } from './timing';

export interface FillTimes {
  /** ms from the request to the first figure the page can show. */
  firstMs: number;
  /** ms from the request to the last card's fresh figure. */
  lastMs: number;
  runsFirstMs: number[];
  runsLastMs: number[];
  /** Figures the session's last figures already held when the page asked. */
  keptFigures: number;
}

export interface DashboardFillResult {
  firstOfSession: FillTimes;
  withLastFigures: FillTimes;
  figures: number;
  method: string;
}

/** One dashboard open, as the page does it (dashboard-figures.ts): the kept figures, then every figure at once. */
async function openDashboard(app: BenchApp): Promise<{ firstMs: number; lastMs: number; kept: number }> {
  const started = performance.now();
  const kept = await app.call('dashboard.lastFigures', {});
  const keptAt = performance.now() - started;
  const answeredAt = await Promise.all(dashboardFigureNames.map((figure) => app.call('dashboard.figure', { figure }).then(() => performance.now() - started)));
  const firstFresh = Math.min(...answeredAt);
  return {
    firstMs: kept.figures.length > 0 ? keptAt : firstFresh,
    lastMs: Math.max(...answeredAt),
    kept: kept.figures.length
  };
}

function summarise(runs: { firstMs: number; lastMs: number; kept: number }[]): FillTimes {
  const first = runs.map((r) => round1(r.firstMs));
  const last = runs.map((r) => round1(r.lastMs));
  return {
    firstMs: round1(median(first)),
    lastMs: round1(median(last)),
    runsFirstMs: first,
    runsLastMs: last,
    keptFigures: Math.min(...runs.map((r) => r.kept))
  };
}

export async function measureDashboardFill(app: BenchApp, runs: number, log: (line: string) => void): Promise<DashboardFillResult> {
  log(`dashboard fill: ${runs} x first dashboard of a session (signed out and in before each, so nothing is kept)...`);
  const fresh: Awaited<ReturnType<typeof openDashboard>>[] = [];
  for (let i = 0; i < runs; i++) {
    await app.call('session.signOut', {});
    await app.call('session.signIn', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, rememberMe: false });
    fresh.push(await openDashboard(app));
  }
  log(`dashboard fill: ${runs} x a later dashboard (the session's last figures kept)...`);
  const later: Awaited<ReturnType<typeof openDashboard>>[] = [];
  for (let i = 0; i < runs; i++) later.push(await openDashboard(app));
  const result: DashboardFillResult = {
    firstOfSession: summarise(fresh),
    withLastFigures: summarise(later),
    figures: dashboardFigureNames.length,
    method:
      'in-process dispatch, as the page calls: dashboard.lastFigures, then the ten dashboard.figure calls at once; first = the kept figures when there are any, else the first fresh answer; last = the last fresh answer; median of runs'
  };
  log(
    `dashboard fill: first of session ${result.firstOfSession.firstMs} / ${result.firstOfSession.lastMs} ms, ` +
      `with last figures ${result.withLastFigures.firstMs} / ${result.withLastFigures.lastMs} ms (first / last figure)`
  );
  return result;
}
