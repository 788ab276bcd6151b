import type { AppInfo, Administrator } from '../../shared/contract';
import { REAUTH_REQUIRED_MESSAGE } from '../../shared/domain/access';
import type { MethodName } from '../../shared/methods';
import { AppError } from '../../shared/result';
import type { Handlers } from '../rpc/dispatcher';
import type { SessionService } from '../session/session';
import type { DashboardFigures } from '../../core/dashboard';
import type { DraftStore } from '../../core/drafts';
import type { LiveWork } from '../../core/live/liveWork';
import type { PrefsStore } from '../../core/ports/prefsStore';
import type { MailDispatcher } from '../../core/mailDispatcher';
import { operationOf } from '../../core/operations';
import type { BackendHost } from '../../core/ports/backendHost';
import type { DailySnapshots } from '../../core/ports/dailySnapshots';
import type { DashboardRepository } from '../../core/ports/dashboardRepository';
import type { LedgerStore } from '../../core/ports/ledgerStore';
import type { MailOutbox } from '../../core/ports/mailOutbox';
import type { ArchivedUsers } from '../../core/ports/archivedUsers';
import type { CustomerJournal } from '../../core/ports/customerJournal';
import type { ReconciliationStore } from '../../core/ports/reconciliation';
import type { ReconciliationRuns } from '../../core/reconciliation';
import type { MoneyLists } from '../../core/ports/moneyLists';
import type { InvestmentsDue } from '../../core/ports/investmentsDue';
import type { NoteRepository } from '../../core/ports/noteRepository';
import type { RecordFinder } from '../../core/ports/recordFinder';
import type { Evidence } from '../../core/evidence';
import type { SettingsRepository } from '../../core/ports/settingsRepository';
import type { UpdateControl } from '../../core/ports/updateControl';
import type { UserRepository } from '../../core/ports/userRepository';
import type { StatusChangeContext } from '../../core/statusChanges';
import type { ThemePreference } from '../../core/theme';
import type { RendererErrorLog } from '../../core/rendererErrors';

/** What Ledgerdesk uses once it is connected to a platform (absent when unconfigured). */
export interface PlatformServices {
  store: LedgerStore;
  lists: MoneyLists;
  /** Active investments past maturity: the Due tab, the dashboard's card and the sidebar's count. */
  due: InvestmentsDue;
  users: UserRepository;
  notes: NoteRepository;
  records: RecordFinder;
  /** The chained records and the signed digests, checked for the Evidence screen (src/core/evidence.ts). */
  evidence: Evidence;
  settings: SettingsRepository;
  dashboard: DashboardRepository;
  figures: Pick<DashboardFigures, 'summary' | 'figure' | 'lastFigures'>;
  outbox: MailOutbox;
  mail: Pick<MailDispatcher, 'kick'>;
  backend: BackendHost;
  /** The signed-in administrator's ID token for the backend host, or null. */
  idToken: () => Promise<string | null>;
  platformName: string;
  /** Listeners on what is on screen and on the pending queues. */
  live: LiveWork;
  /** One customer's figures and the platform-wide runs (src/core/reconciliation.ts). */
  reconciliation: ReconciliationStore;
  runs: ReconciliationRuns;
  /** Deleted customers kept on record. */
  archive: ArchivedUsers;
  /** Every change to a customer's money, as the platform's functions journaled it. */
  journal: CustomerJournal;
  /** The money's daily snapshots (the dashboard's trend). */
  snapshots: DailySnapshots;
}

/** What every namespace's handlers are built from. */
export interface HandlerContext {
  session: SessionService;
  info: AppInfo;
  updates: UpdateControl;
  /** Writes an export where the administrator chooses (the desktop save dialog); null: cancelled. */
  saveCsv?: (suggestedName: string, content: string) => Promise<{ path: string } | null>;
  /** Prints the page on screen to a PDF where the administrator chooses (the desktop save dialog); null: cancelled. */
  savePdf?: (suggestedName: string) => Promise<{ path: string } | null>;
  /** The platform's services; UNAVAILABLE while Ledgerdesk is not connected to one. */
  platform: () => PlatformServices;
  /** The administrator a write is made by (audit entries name them); UNAUTHENTICATED once the session ended. */
  actor: () => Administrator;
  /** Preferences kept on this computer (notifications). */
  prefs: PrefsStore;
  /** The theme chosen on this computer. */
  theme: ThemePreference;
  /** What the administrator typed and had not saved, in memory only. */
  drafts: DraftStore;
  /** Where the screens' errors are written (the main log). */
  rendererErrors: RendererErrorLog;
}

/** The handlers of one contract namespace: `deposits` -> every 'deposits.*' method. */
export type NamespaceHandlers<N extends string> = Pick<Handlers, Extract<MethodName, `${N}.${string}`>>;

/** A status change's context: the administrator's action, its store and the e-mail dispatcher to wake. */
export function statusChangeContext(ctx: HandlerContext, method: MethodName, input: { operationId: string } & Record<string, unknown>): StatusChangeContext {
  const platform = ctx.platform();
  return {
    store: platform.store,
    actor: ctx.actor(),
    operation: operationOf(method, input),
    platformName: platform.platformName,
    mailQueued: () => platform.mail.kick(),
    passwordConfirmed: ctx.session.passwordConfirmed(),
    method
  };
}

/** The riskiest changes (wallet addresses, platform settings, deletion, suspension, risk rules) need the password confirmed within the step-up window. */
export function requirePassword(ctx: HandlerContext): void {
  if (!ctx.session.passwordConfirmed()) throw new AppError('STEP_UP_REQUIRED', REAUTH_REQUIRED_MESSAGE);
}
