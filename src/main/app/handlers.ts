import type { AppInfo } from '../../shared/contract';
import { AppError } from '../../shared/result';
import { NOT_CONNECTED_MESSAGE } from '../config/config';
import type { Handlers } from '../rpc/dispatcher';
import type { SessionService } from '../session/session';
import { customerHandlers, type CustomerServices } from './customerHandlers';
import type { DashboardFigures } from './dashboard';
import { moneyHandlers, type MoneyServices } from './moneyHandlers';
import { settingsHandlers, type SettingsServices } from './settingsHandlers';
import type { UpdateControl } from './ports/updateControl';
import { noUpdates } from './updates';

export interface HandlerDeps {
  session: SessionService;
  info: AppInfo;
  dashboard: Pick<DashboardFigures, 'summary' | 'figure' | 'lastFigures'> | null;
  money: MoneyServices | null;
  customers: CustomerServices | null;
  settings: SettingsServices | null;
  /** Writes an export where the administrator chooses (the desktop save dialog); null: cancelled. */
  saveCsv?: (suggestedName: string, content: string) => Promise<{ path: string } | null>;
  updates?: UpdateControl;
}

const requireConnected = <T>(service: T | null): T => {
  if (service === null) throw new AppError('UNAVAILABLE', NOT_CONNECTED_MESSAGE);
  return service;
};

export function createHandlers(deps: HandlerDeps): Handlers {
  const { session, info, dashboard, money, customers, settings, saveCsv, updates = noUpdates } = deps;
  // Who makes a write (audit entries name them); asked on every write, so no file is read for it.
  const actor = () => session.currentUser();
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
    'dashboard.figure': ({ figure }) => requireConnected(dashboard).figure(figure),
    'dashboard.lastFigures': () => requireConnected(dashboard).lastFigures(),
    ...moneyHandlers(
      () => requireConnected(money),
      actor
    ),
    ...customerHandlers(
      () => requireConnected(customers),
      actor
    ),
    ...settingsHandlers(
      () => requireConnected(settings),
      actor
    ),
    'files.saveCsv': ({ suggestedName, content }) => {
      // Browser mode downloads through the page instead; only the desktop app has a save dialog.
      if (!saveCsv) throw new AppError('UNAVAILABLE', 'Saving a file needs the desktop app; browser mode downloads it instead.');
      return saveCsv(suggestedName, content);
    }
  };
}
