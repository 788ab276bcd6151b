import { join } from 'node:path';
import type { EventPayload, SignOutReason } from '../shared/contract';
import { AppError } from '../shared/result';
import { CONFIG_FILE_NAME, NOT_CONNECTED_MESSAGE, idleTimeoutFrom, loadConfig, msFrom, reauthWindowFrom, type LedgerdeskConfig } from './config/config';
import { fileAccessBacklog } from './config/accessBacklog';
import { AccessLog } from '../core/accessLog';
import { firestoreNotes } from './firebase/noteRepository';
import { filePrefsStore } from './config/prefs';
import { backendClient } from './backend/client';
import { firebaseAuthGateway, firebaseIdToken } from './firebase/authGateway';
import { connectFirebase } from './firebase/connect';
import { firestoreDashboardRepository } from './firebase/dashboardRepository';
import { firestoreUserRepository } from './firebase/userRepository';
import { firestoreSettingsRepository } from './firebase/settingsRepository';
import { firestoreLedgerStore, type RunTransaction } from './firebase/ledgerStore';
import { firestoreMailOutbox } from './firebase/mailOutbox';
import { firestoreMoneyLists } from './firebase/moneyLists';
import { firestoreRecordFinder } from './firebase/recordFinder';
import { firestoreLiveFeed } from './firebase/liveFeed';
import { firestoreReconciliation } from './firebase/reconciliation';
import { firestoreRecordsReader } from './firebase/recordsReader';
import { Evidence } from '../core/evidence';
import { firestoreArchivedUsers } from './firebase/archivedUsers';
import { firestoreJournal } from './firebase/customerJournal';
import { ReconciliationRuns, type RunTuning } from '../core/reconciliation';
import type { ReconciliationStore } from '../core/ports/reconciliation';
import type { LedgerStore } from '../core/ports/ledgerStore';
import { firestoreInvestmentsDue } from './firebase/investmentsDue';
import { LiveService } from '../core/live/live';
import type { LiveFeed } from '../core/ports/liveFeed';
import { createDispatcher } from './rpc/dispatcher';
import type { Dispatch } from './rpc/types';
import type { AuthGateway } from '../core/ports/authGateway';
import { EventBus } from './session/events';
import { systemClock, type Clock } from '../core/ports/clock';
import { DEFAULT_IDLE_MS } from './session/idleTimer';
import { SessionService } from './session/session';
import { DashboardFigures } from '../core/dashboard';
import { DailySnapshotTaker } from '../core/dailySnapshot';
import { firestoreDailySnapshots } from './firebase/dailySnapshots';
import { createHandlers, type PlatformServices } from './handlers';
import { MailDispatcher } from '../core/mailDispatcher';
import { DraftStore } from '../core/drafts';
import type { UpdateControl } from '../core/ports/updateControl';
import type { Appearance } from '../core/ports/appearance';
import { themePreference, type ThemePreference } from '../core/theme';
import { consoleLogger, type Logger } from '../core/ports/logger';

export interface MainServices {
  config: LedgerdeskConfig;
  dispatch: Dispatch;
  /** Transports subscribe; main-process services outside the session (the updater) emit. */
  events: EventBus;
  /** The theme chosen on this computer; the desktop's View menu chooses through it too. */
  theme: ThemePreference;
  /** Firestore listeners open now (tests prove screens and sign-out release theirs). */
  openListeners(): number;
  /** Resolves once the access events recorded so far (sign-ins, sign-outs...) have been written or kept for later. */
  accessSettled(): Promise<void>;
  signOut(reason: SignOutReason): Promise<void>;
  dispose(): Promise<void>;
}

export interface StartOptions {
  transport: 'electron' | 'browser';
  dataDir: string;
  version: string;
  env: NodeJS.ProcessEnv;
  /** An installed desktop app (Electron's app.isPackaged): it ignores LEDGERDESK_UPDATE_URL (src/main/config/config.ts). */
  packaged?: boolean;
  clock?: Clock;
  /** The desktop updater; without one (browser mode, development) updates are 'inactive'. */
  updates?: UpdateControl;
  /** The desktop's nativeTheme, window and menu; browser mode has none (the page draws the theme itself). */
  appearance?: Appearance;
  /** The desktop save dialog for exports; browser mode has none (the page downloads instead). */
  saveCsv?: (suggestedName: string, content: string) => Promise<{ path: string } | null>;
  /** The desktop app's print of the page to PDF; browser mode prints from the page. */
  savePdf?: (suggestedName: string) => Promise<{ path: string } | null>;
  /** Told about every customer/referral query that reads documents (tests prove batching with it). */
  onQuery?: (label: string) => void;
  /** Firestore's runTransaction; tests pass one that re-runs the callback as a lost commit reply would. */
  runTransaction?: RunTransaction;
  /** E-mail dispatcher tuning, for tests. */
  mail?: { pollMs?: number; backoffMs?: (failures: number) => number };
  /** Where the dispatcher, the e-mail queue and the live listeners report errors; the console by default. */
  log?: Logger;
  /** Reconciliation runs' page sizes and interruption delay, and a wrapper around their store (tests: a crash mid-run). */
  reconciliation?: RunTuning & { store?: (store: ReconciliationStore) => ReconciliationStore };
  /**
   * Tests only: wrappers around ports, through which the simulation (tools/simulate) injects faults and
   * plants the defects its checker must find, and tests put a stand-in before the auth gateway (the
   * Auth emulator cannot ask for a TOTP code: tests/support/totpStandIn.ts). The entry points never pass it.
   */
  ports?: { store?: (store: LedgerStore) => LedgerStore; auth?: (gateway: AuthGateway) => AuthGateway };
}

const notConnected = (problem: string | null): AuthGateway => {
  const refuse = async (): Promise<never> => {
    throw new AppError('UNAVAILABLE', problem ?? NOT_CONNECTED_MESSAGE);
  };
  return { signIn: refuse, completeSignIn: refuse, reauthenticate: refuse, completeReauthentication: refuse, signOut: async () => undefined };
};

/** The composition root shared by the Electron entry and browser mode: only the transport differs. */
export async function startMainServices(options: StartOptions): Promise<MainServices> {
  const log = options.log ?? consoleLogger;
  const config = loadConfig(options.env, options.dataDir, options.packaged);
  const platform = config.mode === 'unconfigured' ? null : config;
  const problem = config.mode === 'unconfigured' ? config.problem : null;
  const firebase = platform ? connectFirebase(platform) : null;
  const events = new EventBus();
  const prefs = filePrefsStore(options.dataDir);
  const theme = themePreference({ prefs, appearance: options.appearance, changed: (chosen) => events.emit('theme.changed', { theme: chosen }) });
  const drafts = new DraftStore();
  const wrapStore = options.ports?.store ?? ((store: LedgerStore) => store);
  const store = firebase ? wrapStore(firestoreLedgerStore(firebase.db, options.runTransaction)) : null;
  const access = new AccessLog({ store, backlog: fileAccessBacklog(options.dataDir), log: log.error });
  const wrapAuth = options.ports?.auth ?? ((gateway: AuthGateway) => gateway);
  const gateway = wrapAuth(firebase ? firebaseAuthGateway(firebase.auth) : notConnected(problem));
  const session = new SessionService({
    auth: gateway,
    access,
    reauthWindowMs: reauthWindowFrom(options.env),
    rule: { adminUid: platform?.adminUid ?? null },
    prefs,
    events,
    idleMs: idleTimeoutFrom(options.env, DEFAULT_IDLE_MS),
    clock: options.clock,
    beforeSignOut: () => live?.stopAll()
  });
  let live: LiveService | null = null;

  // A deliberate sign-out forgets what was typed; an idle one keeps it for the next sign-in.
  events.subscribe((event, payload) => {
    const state = payload as EventPayload<'session.changed'>;
    if (event !== 'session.changed') return;
    if (state.user === null) drafts.sessionEnded(state.endedBecause);
    else drafts.sessionStarted(state.user.uid);
  });

  let platformServices: PlatformServices | null = null;
  let feed: LiveFeed | null = null;
  let mail: MailDispatcher | null = null;
  if (firebase && platform && store) {
    const outbox = firestoreMailOutbox(firebase.db);
    const signedInToken = firebaseIdToken(firebase.auth);
    // Only the administrator's session calls the backend host: a refused account is signed out at once anyway.
    const idToken = () => (session.role() !== null ? signedInToken() : Promise.resolve(null));
    const backend = backendClient(platform.backendUrl);
    const settings = firestoreSettingsRepository(firebase.db);
    mail = new MailDispatcher({
      outbox,
      backend,
      idToken,
      deliversHere: async () => (await settings.platformSettings()).mailDelivery === 'desktop',
      clock: options.clock,
      pollMs: options.mail?.pollMs ?? msFrom(options.env.LEDGERDESK_MAIL_POLL_MS, 5_000),
      backoffMs: options.mail?.backoffMs,
      onChange: () => events.emit('mail.changed', {}),
      log: log.error
    });
    mail.start();
    const due = firestoreInvestmentsDue(firebase.db);
    const dashboard = firestoreDashboardRepository(firebase.db, due);
    const figures = new DashboardFigures(dashboard);
    // The last figures belong to the session that saw them.
    events.subscribe((event, payload) => {
      if (event === 'session.changed' && (payload as EventPayload<'session.changed'>).user === null) figures.forget();
    });
    const users = firestoreUserRepository(firebase.db, options.onQuery);
    // The first sign-in of a day writes the last finished day's snapshot where no nightly function did (src/core/dailySnapshot.ts).
    const snapshots = firestoreDailySnapshots(firebase.db);
    const snapshotTaker = new DailySnapshotTaker({ snapshots, store, settings, now: () => new Date((options.clock ?? systemClock).now()), log: log.error });
    // The integration tests count every audit entry a case writes: they turn it off (LEDGERDESK_DAILY_SNAPSHOT=off) unless a case is about it.
    if (options.env.LEDGERDESK_DAILY_SNAPSHOT !== 'off')
      events.subscribe((event, payload) => {
        const user = event === 'session.changed' ? (payload as EventPayload<'session.changed'>).user : null;
        if (user) void snapshotTaker.afterSignIn(user);
      });
    feed = firestoreLiveFeed(firebase.db, due);
    live = new LiveService({ feed, emit: (event, payload) => events.emit(event, payload), clock: options.clock ?? systemClock, log: log.error });
    const { store: wrapRuns = (store: ReconciliationStore) => store, ...tuning } = options.reconciliation ?? {};
    const reconciliation = firestoreReconciliation(firebase.db);
    platformServices = {
      store,
      lists: firestoreMoneyLists(firebase.db),
      due,
      users,
      notes: firestoreNotes(firebase.db),
      records: firestoreRecordFinder(firebase.db, users),
      evidence: new Evidence(firestoreRecordsReader(firebase.db)),
      settings,
      dashboard,
      figures,
      outbox,
      mail,
      backend,
      idToken,
      platformName: platform.platformName,
      live,
      reconciliation,
      runs: new ReconciliationRuns(wrapRuns(reconciliation), log.error, tuning),
      archive: firestoreArchivedUsers(firebase.db),
      journal: firestoreJournal(firebase.db),
      snapshots
    };
  }

  const handlers = createHandlers({
    session,
    info: {
      name: 'Ledgerdesk',
      version: options.version,
      mode: config.mode,
      transport: options.transport,
      projectId: platform?.firebase.projectId ?? null,
      platformName: platform?.platformName ?? null,
      configFile: join(options.dataDir, CONFIG_FILE_NAME),
      configProblem: problem
    },
    platform: platformServices,
    saveCsv: options.saveCsv,
    savePdf: options.savePdf,
    updates: options.updates,
    prefs,
    theme,
    drafts,
    log
  });

  return {
    config,
    dispatch: createDispatcher({ handlers, role: () => session.role(), log: log.error }),
    events,
    theme,
    signOut: (reason) => session.signOut(reason),
    openListeners: () => feed?.openListeners() ?? 0,
    accessSettled: () => access.settled(),
    async dispose() {
      live?.stopAll();
      mail?.stop();
      await mail?.idle();
      session.dispose();
      await firebase?.dispose();
    }
  };
}
