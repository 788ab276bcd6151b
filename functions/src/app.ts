// The firebase-admin app of a function instance.
import { getApps, initializeApp, type App } from 'firebase-admin/app';

/** The default firebase-admin app of this instance, made once (Application Default Credentials). */
export const platformApp = (): App => getApps()[0] ?? initializeApp();
