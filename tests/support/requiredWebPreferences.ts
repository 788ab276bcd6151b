/**
 * The webPreferences every Ledgerdesk window must carry (docs/architecture.md §1), written out
 * here rather than imported from the code under test, so weakening the code fails the tests.
 */
export const REQUIRED_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false
} as const;
