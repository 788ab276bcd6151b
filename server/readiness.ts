// Whether the host can do its work now (GET /readyz): a process that is up but holds no Google
// credentials, or cannot reach Firestore, would answer /healthz and fail every signed-in request.
import type { App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { reasonOf } from './errors';

/** Rejects, with a sentence for the operator, while the host cannot serve; resolves when it can. */
export type ReadinessCheck = () => Promise<void>;

/** Against both emulators nothing the host calls needs Google credentials (and no metadata server is there to ask). */
export const onEmulatorsOnly = (env: NodeJS.ProcessEnv = process.env): boolean => Boolean(env.FIRESTORE_EMULATOR_HOST && env.FIREBASE_AUTH_EMULATOR_HOST);

// Short enough that a probe (Cloud Run's, a load balancer's) gets the reason rather than its own timeout.
const ANSWER_WITHIN_MS = 5000;
// A probe every few seconds would otherwise cost a Firestore read each time; a failure is never remembered.
const REMEMBER_READY_MS = 30_000;

async function within<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ANSWER_WITHIN_MS / 1000} s.`)), ANSWER_WITHIN_MS);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The real check, on the host's firebase-admin app: an access token (outside the emulators), then one Firestore read. */
export function firebaseReadiness(app: App, now: () => number = Date.now): ReadinessCheck {
  let readyUntil = 0;
  return async () => {
    if (now() < readyUntil) return;
    const credential = app.options.credential;
    if (credential && !onEmulatorsOnly()) {
      await within(credential.getAccessToken(), 'the token request').catch((err: unknown) => {
        throw new Error(`No Google credentials: ${reasonOf(err)}`);
      });
    }
    // The host's own idempotency records, at a key no request can use (keys are UUIDs): the same access its routes need.
    await within(getFirestore(app).collection('backendOperations').doc('readiness-check').get(), 'the read').catch((err: unknown) => {
      throw new Error(`Firestore cannot be read: ${reasonOf(err)}`);
    });
    readyUntil = now() + REMEMBER_READY_MS;
  };
}
