import { TREND_DAYS } from '../../shared/domain/dailySnapshot';
import { trendOf } from '../../core/dailySnapshot';
import type { HandlerContext, NamespaceHandlers } from './context';

export const dashboardHandlers = ({ platform }: HandlerContext): NamespaceHandlers<'dashboard'> => ({
  'dashboard.summary': () => platform().figures.summary(),
  'dashboard.figure': ({ figure }) => platform().figures.figure(figure),
  'dashboard.lastFigures': () => platform().figures.lastFigures(),
  'dashboard.daily': ({ days }) => platform().dashboard.daily(days ?? 30),
  'dashboard.trend': ({ days }) => trendOf(platform().snapshots, days ?? TREND_DAYS, new Date())
});
