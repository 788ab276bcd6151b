/**
 * Electronegativity findings we have reviewed and accept, read by `npm run security`
 * (tools/release/security.ts). The scan runs over the bundled output, which keeps no reliable
 * comments, so the reasoning lives here instead of in eng-disable comments. An entry covers a
 * finding only when the check id and the file agree and, if given, `match` is found in the
 * finding's evidence (the tool's sample, else the source line it points at); a change to that
 * code makes the finding unjustified again until someone re-reads it.
 */
export interface SecurityJustification {
  /** Electronegativity's check id, e.g. OPEN_EXTERNAL_JS_CHECK. */
  readonly check: string;
  /** The scanned file relative to the repository; `*` stands for any characters but `/`. */
  readonly file: string;
  /** A line-independent anchor: a substring of, or a pattern tested against, the evidence. */
  readonly match?: string | RegExp;
  /** Why this is not a weakness, in a sentence someone can check. */
  readonly reason: string;
}

/** Checks we do not run at all, each with its reason, printed on every run. */
export interface ExcludedCheck {
  readonly check: string;
  readonly reason: string;
}

export const excludedChecks: readonly ExcludedCheck[] = [
  {
    check: 'AVAILABLE_SECURITY_FIXES_GLOBAL_CHECK',
    reason:
      "It downloads GitHub's live Electron release feed with no timeout: offline it can only hang or time out, and " +
      'online its verdict changes with each Electron release rather than with our code. Electron patch updates ' +
      'are a dependency upgrade (npm outdated / npm audit), not something this scan of our output can judge.'
  }
];

// The renderer's <meta> policy, exactly as reviewed; any edit to it must be reviewed again.
const reviewedMetaCsp = new RegExp(
  '^' +
    [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: https:",
      "font-src 'self' data:",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'none'"
    ]
      .join('; ')
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&') +
    '$'
);

export const securityJustifications: readonly SecurityJustification[] = [
  {
    check: 'CSP_GLOBAL_CHECK',
    file: 'out/renderer/index.html',
    match: reviewedMetaCsp,
    reason:
      "The evaluator's only objection is script-src 'self' (\"can be problematic if you host JSONP, Angular or " +
      "user uploaded files\"); 'self' is app://ledgerdesk, which serves only the read-only built renderer from " +
      'out/renderer (protocol.ts refuses anything outside it), with no JSONP, no Angular and no uploads; in browser ' +
      "mode 'self' is the 127.0.0.1 server, whose other answers are POST-only JSON and an event stream, sent nosniff."
  },
  {
    check: 'CSP_GLOBAL_CHECK',
    file: 'out/main/index.js',
    match: 'callback({ responseHeaders: {',
    reason:
      'The header value is the `csp` parameter of hardenSession (CSP from security.ts), not a literal, so the ' +
      'tool cannot parse it; that exact policy is asserted directive by directive in ' +
      'tests/unit/main/electron/security.test.ts and is also set by the app:// handler and the page <meta>.'
  },
  {
    check: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'out/main/index.js',
    match: 'hardenContents(contents, (url) => electron.shell.openExternal(url)',
    reason:
      'shell.openExternal is only handed to hardenContents, which calls it from the window-open handler after ' +
      'isSafeExternalUrl accepts the URL (https only, no embedded credentials), so file:, smb:, custom schemes ' +
      'and http never reach the OS; tests/unit/main/electron/security.test.ts covers both sides.'
  },
  {
    check: 'ELECTRON_VERSION_JSON_CHECK',
    file: 'package.json',
    reason:
      'Informational: it only records which Electron package.json names, as input for ' +
      'AVAILABLE_SECURITY_FIXES_GLOBAL_CHECK (excluded above); a version number is not a weakness in itself.'
  }
];
