import { join } from 'node:path';
import type { SignOutReason } from '../../shared/contract';
import { AppError } from '../../shared/result';
import {
  CONFIG_FILE_NAME,
  NOT_CONNECTED_MESSAGE,
  idleTimeoutFrom,
  loadConfig,
  type LedgerdeskConfig
} from '../config/config';
import { filePrefsStore } from '../config/prefs';
import { firebaseAuthGateway } from '../firebase/authGateway';
import { connectFirebase } from '../firebase/connect';
import { dashboardRepository } from '../firebase/dashboardRepository';
import { createDispatcher } from '../rpc/dispatcher';
import type { Dispatch } from '../rpc/types';
import type { AuthGateway } from '../session/authGateway';
import { EventBus } from '../session/events';
import { DEFAULT_IDLE_MS, type Clock } from '../session/idleTimer';
import { SessionService } from '../session/session';
import { createHandlers } from './handlers';
import type { UpdateControl } from './updates';

export interface MainServices {
  config: LedgerdeskConfig;
  dispatch: Dispatch;
  /** Transports subscribe; main-process services outside the session (the updater) emit. */
  events: EventBus;
  signOut(reason: SignOutReason): Promise<void>;
  dispose(): Promise<void>;
}

export interface StartOptions {
  transport: 'electron' | 'browser';
  dataDir: string;
  version: string;
  env: NodeJS.ProcessEnv;
  clock?: Clock;
  /** The desktop updater; without one (browser mode, development) updates are 'inactive'. */
  updates?: UpdateControl;
}

const notConnected = (problem: string | null): AuthGateway => {
  const refuse = async (): Promise<never> => {
    throw new AppError('UNAVAILABLE', problem ?? NOT_CONNECTED_MESSAGE);
  };
  return { signIn: refuse, signOut: async () => undefined };
};

/** The composition root shared by the Electron entry and browser mode: only the transport differs. */
export async function startMainServices(options: StartOptions): Promise<MainServices> {
  const config = loadConfig(options.env, options.dataDir);
  const platform = config.mode === 'unconfigured' ? null : config;
  const problem = config.mode === 'unconfigured' ? config.problem : null;
  const firebase = platform ? connectFirebase(platform) : null;
  const events = new EventBus();
  const session = new SessionService({
    auth: firebase ? firebaseAuthGateway(firebase.auth) : notConnected(problem),
    rule: { adminUid: platform?.adminUid ?? null },
    prefs: filePrefsStore(options.dataDir),
    events,
    idleMs: idleTimeoutFrom(options.env, DEFAULT_IDLE_MS),
    clock: options.clock
  });

  const handlers = createHandlers({
    session,
    info: {
      name: 'Ledgerdesk',
      version: options.version,
      mode: config.mode,
      transport: options.transport,
      projectId: platform?.firebase.projectId ?? null,
      configFile: join(options.dataDir, CONFIG_FILE_NAME),
      configProblem: problem
    },
    dashboard: firebase ? dashboardRepository(firebase.db) : null,
    updates: options.updates
  });

  return {
    config,
    dispatch: createDispatcher({ handlers, isAdmin: () => session.isAdmin() }),
    events,
    signOut: (reason) => session.signOut(reason),
    async dispose() {
      session.dispose();
      await firebase?.dispose();
    }
  };
}
