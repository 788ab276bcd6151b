import type { UpdateChannel } from '../../core/ports/prefsStore';

/**
 * What Help > Copy diagnostic info puts on the clipboard, for a support request. Built from these
 * named facts alone, never from the configuration or the session, so it cannot carry a token, a
 * key or an e-mail address.
 */
export interface DiagnosticFacts {
  version: string;
  packaged: boolean;
  platform: string;
  osRelease: string;
  arch: string;
  electron: string;
  chrome: string;
  node: string;
  /** production, demo or unconfigured. */
  mode: string;
  configFile: string;
  logsFolder: string;
  crashDumps: string;
  channel: UpdateChannel;
  /** Started with --no-sandbox (an AppImage where this Linux refuses unprivileged user namespaces). */
  noSandbox: boolean;
}

/**
 * What the log says at start when Chromium's sandbox is off. The AppImage's AppRun adds the switch
 * where the system does not let Chromium make the namespaces its sandbox needs (docs/operations/releasing.md, "Linux packages").
 */
export function noSandboxWarning(appImage: boolean): string {
  return (
    "Ledgerdesk was started with --no-sandbox: Chromium's sandbox is off, so an exploit in the page would meet fewer walls (the page itself is still isolated: no Node, a strict CSP, checked IPC). " +
    (appImage
      ? 'The AppImage adds it where this Linux refuses unprivileged user namespaces (Ubuntu 24.04 and later); the .deb package, with its AppArmor profile, keeps the sandbox there.'
      : 'Start Ledgerdesk without it.')
  );
}

export function diagnosticInfo(facts: DiagnosticFacts): string {
  return [
    `Ledgerdesk ${facts.version} (${facts.packaged ? 'installed' : 'development build'})`,
    `OS: ${facts.platform} ${facts.osRelease} (${facts.arch})`,
    `Electron ${facts.electron}, Chrome ${facts.chrome}, Node ${facts.node}`,
    `Mode: ${facts.mode}`,
    facts.noSandbox ? 'Sandbox: OFF (started with --no-sandbox)' : 'Sandbox: on',
    `Update channel: ${facts.channel}`,
    `Configuration file: ${facts.configFile}`,
    `Logs: ${facts.logsFolder}`,
    `Crash dumps (kept on this computer): ${facts.crashDumps}`
  ].join('\n');
}
