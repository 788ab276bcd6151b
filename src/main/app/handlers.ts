import type { AppInfo, DashboardSummary } from '../../shared/contract';
import { AppError } from '../../shared/result';
import { NOT_CONNECTED_MESSAGE } from '../config/config';
import type { Handlers } from '../rpc/dispatcher';
import type { SessionService } from '../session/session';
import { customerHandlers, type CustomerServices } from './customerHandlers';
import { moneyHandlers, type MoneyServices } from './moneyHandlers';
import { noUpdates, type UpdateControl } from './updates';

export interface HandlerDeps {
  session: SessionService;
  info: AppInfo;
  dashboard: { summary(): Promise<DashboardSummary> } | null;
  money: MoneyServices | null;
  customers: CustomerServices | null;
  updates?: UpdateControl;
}

const requireConnected = <T>(service: T | null): T => {
  if (service === null) throw new AppError('UNAVAILABLE', NOT_CONNECTED_MESSAGE);
  return service;
};

export function createHandlers({ session, info, dashboard, money, customers, updates = noUpdates }: HandlerDeps): Handlers {
  return {
    'app.info': () => info,
    'app.updateStatus': () => updates.status(),
    'app.restartToUpdate': () => {
      updates.restartToUpdate();
      return null;
    },
    'session.get': () => session.state(),
    'session.signIn': ({ email, password, rememberMe }) => session.signIn(email, password, rememberMe),
    'session.signOut': async () => {
      await session.signOut('signedOut');
      return null;
    },
    'session.activity': () => {
      session.activity();
      return null;
    },
    'dashboard.summary': () => requireConnected(dashboard).summary(),
    ...moneyHandlers(
      () => requireConnected(money),
      () => session.state().user
    ),
    ...customerHandlers(
      () => requireConnected(customers),
      () => session.state().user
    )
  };
}
