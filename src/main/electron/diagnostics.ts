import type { UpdateChannel } from '../app/ports/prefsStore';

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
}

export function diagnosticInfo(facts: DiagnosticFacts): string {
  return [
    `Ledgerdesk ${facts.version} (${facts.packaged ? 'installed' : 'development build'})`,
    `OS: ${facts.platform} ${facts.osRelease} (${facts.arch})`,
    `Electron ${facts.electron}, Chrome ${facts.chrome}, Node ${facts.node}`,
    `Mode: ${facts.mode}`,
    `Update channel: ${facts.channel}`,
    `Configuration file: ${facts.configFile}`,
    `Logs: ${facts.logsFolder}`,
    `Crash dumps (kept on this computer): ${facts.crashDumps}`
  ].join('\n');
}
