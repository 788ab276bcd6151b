import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { DEFAULT_REAUTH_WINDOW_MS } from '../../shared/domain/access';
import { backendUrlProblem, updateFeedProblem } from './urls';

/** The platform's Firebase web configuration, as the Firebase console shows it. */
const firebaseWebConfigSchema = z.object({
  apiKey: z.string().min(1),
  authDomain: z.string().optional(),
  projectId: z.string().min(1),
  storageBucket: z.string().optional(),
  messagingSenderId: z.string().optional(),
  appId: z.string().optional()
});

const productionFileSchema = z.object({
  firebase: firebaseWebConfigSchema,
  adminUid: z.string().min(1).optional(),
  backendUrl: z.url().optional(),
  /** The platform's name as customers know it: the sender and signature of its e-mails. */
  platformName: z.string().min(1).max(200).optional()
});

export type FirebaseWebConfig = z.infer<typeof firebaseWebConfigSchema>;

export type LedgerdeskConfig =
  | {
      mode: 'production';
      firebase: FirebaseWebConfig;
      adminUid: string | null;
      backendUrl: string | null;
      platformName: string;
    }
  | {
      mode: 'demo';
      firebase: FirebaseWebConfig;
      adminUid: string | null;
      backendUrl: string | null;
      platformName: string;
      emulators: { authHost: string; firestoreHost: string };
    }
  | { mode: 'unconfigured'; problem: string | null };

export const CONFIG_FILE_NAME = 'ledgerdesk.config.json';
export const NOT_CONNECTED_MESSAGE = 'Ledgerdesk is not connected to a platform yet. Add the platform configuration and restart.';
export const DEMO_PROJECT_ID = 'demo-ledgerdesk';
const DEMO_PLATFORM_NAME = 'Ledgerdesk Demo Invest';

export interface ConfigSources {
  env: NodeJS.ProcessEnv;
  /** Contents of ledgerdesk.config.json in the app's data folder, when the file exists. */
  fileText: string | null;
  /** An installed desktop app (Electron's app.isPackaged); development, browser mode and tests are not. */
  packaged?: boolean;
}

const describe = (error: z.ZodError): string => error.issues.map((issue) => `${issue.path.join('.') || 'file'}: ${issue.message}`).join('; ');

/**
 * Production settings come from the data folder's JSON file, overridden field by field by
 * environment variables. With neither, emulator hosts in the environment mean demo mode;
 * otherwise Ledgerdesk is unconfigured and says what is missing.
 */
export function resolveConfig({ env, fileText, packaged = false }: ConfigSources): LedgerdeskConfig {
  let fromFile: Partial<z.infer<typeof productionFileSchema>> = {};
  if (fileText !== null) {
    let json: unknown;
    try {
      json = JSON.parse(fileText);
    } catch {
      return { mode: 'unconfigured', problem: `${CONFIG_FILE_NAME} is not valid JSON.` };
    }
    const parsed = productionFileSchema.safeParse(json);
    if (!parsed.success) return { mode: 'unconfigured', problem: `${CONFIG_FILE_NAME}: ${describe(parsed.error)}` };
    fromFile = parsed.data;
  }

  let firebase = fromFile.firebase;
  if (env.LEDGERDESK_FIREBASE_CONFIG) {
    let json: unknown;
    try {
      json = JSON.parse(env.LEDGERDESK_FIREBASE_CONFIG);
    } catch {
      return { mode: 'unconfigured', problem: 'LEDGERDESK_FIREBASE_CONFIG is not valid JSON.' };
    }
    const parsed = firebaseWebConfigSchema.safeParse(json);
    if (!parsed.success) return { mode: 'unconfigured', problem: `LEDGERDESK_FIREBASE_CONFIG: ${describe(parsed.error)}` };
    firebase = parsed.data;
  }
  const adminUid = env.LEDGERDESK_ADMIN_UID || fromFile.adminUid || null;
  const backendUrl = env.LEDGERDESK_BACKEND_URL || fromFile.backendUrl || null;
  // An installed copy takes its update feed from app-update.yml and its updater ignores
  // LEDGERDESK_UPDATE_URL (src/main/electron/updater.ts): a variable it never uses must not
  // refuse its configuration either. Development and tests keep the check.
  const updateUrl = packaged ? undefined : env.LEDGERDESK_UPDATE_URL;

  // The backend host gets the administrator's ID token and the update feed decides what runs next:
  // neither may be plain http beyond this computer. Refuse the configuration (the Connect screen
  // shows why) rather than send the token in the clear.
  const insecure =
    (backendUrl && backendUrlProblem(env.LEDGERDESK_BACKEND_URL ? 'LEDGERDESK_BACKEND_URL' : `${CONFIG_FILE_NAME}: backendUrl`, backendUrl)) ||
    (updateUrl && updateFeedProblem('LEDGERDESK_UPDATE_URL', updateUrl));
  if (insecure) return { mode: 'unconfigured', problem: insecure };

  const platformName = env.LEDGERDESK_PLATFORM_NAME || fromFile.platformName;

  if (firebase) return { mode: 'production', firebase, adminUid, backendUrl, platformName: platformName ?? firebase.projectId };

  const authHost = env.FIREBASE_AUTH_EMULATOR_HOST;
  const firestoreHost = env.FIRESTORE_EMULATOR_HOST;
  if (authHost && firestoreHost) {
    const projectId = env.GCLOUD_PROJECT || DEMO_PROJECT_ID;
    return {
      mode: 'demo',
      // The emulators accept any API key; the project id must match the one they serve.
      firebase: { apiKey: 'demo-api-key', projectId, authDomain: `${projectId}.firebaseapp.com` },
      adminUid,
      backendUrl,
      platformName: platformName ?? DEMO_PLATFORM_NAME,
      emulators: { authHost, firestoreHost }
    };
  }
  return { mode: 'unconfigured', problem: null };
}

export function loadConfig(env: NodeJS.ProcessEnv, dataDir: string, packaged = false): LedgerdeskConfig {
  const file = join(dataDir, CONFIG_FILE_NAME);
  return resolveConfig({ env, fileText: existsSync(file) ? readFileSync(file, 'utf8') : null, packaged });
}

/** A duration in ms from the environment; anything that is not a positive whole number is ignored. */
export function msFrom(value: string | undefined, fallbackMs: number): number {
  const ms = Number(value);
  return Number.isInteger(ms) && ms > 0 ? ms : fallbackMs;
}

/**
 * LEDGERDESK_REAUTH_WINDOW_MS exists for tests only: it shortens the 5 minutes a confirmed password
 * lets guarded changes through, so a test can step past the window in seconds. A larger value is
 * clamped to the 5 minutes (the same as ignoring it): a longer window would let a forgotten or
 * planted variable switch step-up off, and 5 minutes is the longest docs/product-rules.md §11.2
 * allows. Installed builds read it, as they read LEDGERDESK_IDLE_MS: either can only make them stricter.
 */
export const reauthWindowFrom = (env: NodeJS.ProcessEnv): number =>
  Math.min(msFrom(env.LEDGERDESK_REAUTH_WINDOW_MS, DEFAULT_REAUTH_WINDOW_MS), DEFAULT_REAUTH_WINDOW_MS);

/**
 * LEDGERDESK_IDLE_MS exists for tests only: it shortens the idle sign-out. A larger value is held to
 * the default (2 minutes), for the reason the re-authentication window is: a forgotten or planted
 * variable must not keep an unattended session open.
 */
export const idleTimeoutFrom = (env: NodeJS.ProcessEnv, fallbackMs: number): number => Math.min(msFrom(env.LEDGERDESK_IDLE_MS, fallbackMs), fallbackMs);
