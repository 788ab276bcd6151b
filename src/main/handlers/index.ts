import type { AppInfo } from '../../shared/contract';
import { AppError } from '../../shared/result';
import { NOT_CONNECTED_MESSAGE } from '../config/config';
import type { Handlers } from '../rpc/dispatcher';
import type { SessionService } from '../session/session';
import { requireActor } from '../../core/actor';
import type { UpdateControl } from '../../core/ports/updateControl';
import type { PrefsStore } from '../../core/ports/prefsStore';
import type { DraftStore } from '../../core/drafts';
import type { ThemePreference } from '../../core/theme';
import { consoleLogger, type Logger } from '../../core/ports/logger';
import { RendererErrorLog } from '../../core/rendererErrors';
import { noUpdates } from '../../core/updates';
import { appHandlers } from './app';
import { approvalsHandlers } from './approvals';
import { auditHandlers } from './audit';
import { compoundInvestmentsHandlers } from './compoundInvestments';
import type { HandlerContext, PlatformServices } from './context';
import { dashboardHandlers } from './dashboard';
import { draftsHandlers } from './drafts';
import { logHandlers } from './log';
import { pageSizesHandlers } from './pageSizes';
import { timeZoneHandlers } from './timeZone';
import { columnsHandlers } from './columns';
import { viewsHandlers } from './views';
import { themeHandlers } from './theme';
import { liveHandlers } from './live';
import { notificationsHandlers } from './notifications';
import { depositsHandlers } from './deposits';
import { filesHandlers } from './files';
import { investmentsHandlers } from './investments';
import { mailHandlers } from './mail';
import { plansHandlers } from './plans';
import { platformSettingsHandlers } from './platformSettings';
import { recordsHandlers } from './records';
import { referralsHandlers } from './referrals';
import { riskRulesHandlers } from './riskRules';
import { sessionHandlers } from './session';
import { teamHandlers } from './team';
import { usersHandlers } from './users';
import { walletsHandlers } from './wallets';
import { withdrawalsHandlers } from './withdrawals';
import { archivedUsersHandlers } from './archivedUsers';
import { reconciliationHandlers } from './reconciliation';

export type { PlatformServices } from './context';

export interface HandlerDeps {
  session: SessionService;
  info: AppInfo;
  /** null: not connected to a platform; every method that needs it answers UNAVAILABLE. */
  platform: PlatformServices | null;
  /** Writes an export where the administrator chooses (the desktop save dialog); null: cancelled. */
  saveCsv?: (suggestedName: string, content: string) => Promise<{ path: string } | null>;
  /** Prints the page on screen to a PDF (the desktop app only). */
  savePdf?: (suggestedName: string) => Promise<{ path: string } | null>;
  updates?: UpdateControl;
  prefs: PrefsStore;
  theme: ThemePreference;
  drafts: DraftStore;
  /** The main log the screens' errors are written to; the console by default. */
  log?: Logger;
}

/** One handler builder per contract namespace; together they answer every method. */
const namespaces = [
  appHandlers,
  logHandlers,
  sessionHandlers,
  dashboardHandlers,
  depositsHandlers,
  withdrawalsHandlers,
  investmentsHandlers,
  compoundInvestmentsHandlers,
  usersHandlers,
  archivedUsersHandlers,
  reconciliationHandlers,
  referralsHandlers,
  recordsHandlers,
  plansHandlers,
  walletsHandlers,
  platformSettingsHandlers,
  riskRulesHandlers,
  mailHandlers,
  teamHandlers,
  approvalsHandlers,
  auditHandlers,
  filesHandlers,
  liveHandlers,
  notificationsHandlers,
  draftsHandlers,
  pageSizesHandlers,
  timeZoneHandlers,
  columnsHandlers,
  viewsHandlers,
  themeHandlers
] as const;

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
/** What the builders return together; createHandlers' return type checks it covers every method. */
type EveryNamespace = Intersection<ReturnType<(typeof namespaces)[number]>>;

/** Every contract method's handler; a method's namespace names its file ('users.adjust' -> handlers/users.ts). */
export function createHandlers({
  session,
  info,
  platform,
  saveCsv,
  savePdf,
  prefs,
  theme,
  drafts,
  updates = noUpdates,
  log = consoleLogger
}: HandlerDeps): Handlers {
  const ctx: HandlerContext = {
    session,
    info,
    updates,
    saveCsv,
    savePdf,
    prefs,
    theme,
    drafts,
    rendererErrors: new RendererErrorLog(log),
    platform: () => {
      if (platform === null) throw new AppError('UNAVAILABLE', NOT_CONNECTED_MESSAGE);
      return platform;
    },
    // Asked on every write, so no file is read for it.
    actor: requireActor(() => session.currentUser())
  };
  return Object.assign({}, ...namespaces.map((build) => build(ctx))) as EveryNamespace;
}
