// What `npm start` opens: the desktop app, a download of Electron first, or browser mode. Pure, so
// every combination of the machine's facts is unit-tested (tests/unit/tools/devenv/startDecision.test.ts).

export interface StartFacts {
  /** `npm run web` (`--web`): browser mode whatever the machine has. */
  wantsWeb: boolean;
  /** `--no-open`: browser mode prints its address but does not open the default browser. */
  noOpen: boolean;
  platform: NodeJS.Platform;
  /** DISPLAY and WAYLAND_DISPLAY as the environment has them (read on Linux and the BSDs only). */
  display: { DISPLAY?: string; WAYLAND_DISPLAY?: string };
  /** The `electron` package's binary is already on disk. */
  hasBinary: boolean;
  /** process.versions.node */
  nodeVersion: string;
  /** ELECTRON_SKIP_BINARY_DOWNLOAD is set: the person does not want Electron fetched. */
  skipDownload: boolean;
  /** null until a download was tried; then how it went. */
  download: { ok: true } | { ok: false; reason: string } | null;
}

export type BrowserReason = 'asked' | 'noDisplay' | 'nodeTooOld' | 'downloadSkipped' | 'downloadFailed';

export type StartDecision =
  | { kind: 'desktop' }
  | { kind: 'download' }
  | {
      kind: 'browser';
      why: BrowserReason;
      /** The one line that says why it is browser mode and how to get the desktop app; null for --web. */
      line: string | null;
      /** Open the default browser at the ready address (a display exists and --no-open was not given). */
      openBrowser: boolean;
    };

/** Windows and macOS always have a desktop; elsewhere an X11 or Wayland session says so. */
export function hasDisplay(platform: NodeJS.Platform, display: StartFacts['display']): boolean {
  if (platform === 'win32' || platform === 'darwin') return true;
  return Boolean(display.DISPLAY?.trim() || display.WAYLAND_DISPLAY?.trim());
}

/**
 * Electron's installer (`node_modules/electron/install.js`) loads `@electron/get` 5, an ES module,
 * with require(). Node runs that without a flag from 20.19 on the 20 line, 22.12 on the 22 line and
 * 23.0 on; anywhere else install.js stops at its first line with ERR_REQUIRE_ESM.
 */
export function nodeCanRunElectronInstaller(version: string): boolean {
  const [major = 0, minor = 0] = version
    .replace(/^v/, '')
    .split('.')
    .map((part) => Number.parseInt(part, 10));
  if (major >= 23) return true;
  if (major === 22) return minor >= 12;
  if (major === 20) return minor >= 19;
  return false;
}

const LATER = 'run `npx install-electron` (then `npm start`) to get the desktop app';

export function decideStart(facts: StartFacts): StartDecision {
  const display = hasDisplay(facts.platform, facts.display);
  const browser = (why: BrowserReason, line: string | null): StartDecision => ({
    kind: 'browser',
    why,
    line,
    openBrowser: display && !facts.noOpen
  });

  if (facts.wantsWeb) return browser('asked', null);
  if (!display) {
    return browser(
      'noDisplay',
      'No display here (DISPLAY and WAYLAND_DISPLAY are unset), so Ledgerdesk opens in browser mode; `npm start` in a desktop session opens the desktop app.'
    );
  }
  if (facts.hasBinary) return { kind: 'desktop' };
  if (facts.download?.ok) return { kind: 'desktop' };
  if (facts.download && !facts.download.ok) {
    return browser('downloadFailed', `Electron could not be downloaded (${facts.download.reason}), so Ledgerdesk opens in browser mode; ${LATER}.`);
  }
  if (facts.skipDownload) {
    return browser(
      'downloadSkipped',
      `ELECTRON_SKIP_BINARY_DOWNLOAD is set and there is no Electron binary, so Ledgerdesk opens in browser mode; unset it and ${LATER}.`
    );
  }
  if (!nodeCanRunElectronInstaller(facts.nodeVersion)) {
    return browser(
      'nodeTooOld',
      `Electron's installer needs Node 20.19+ or 22.12+ and this is Node ${facts.nodeVersion.replace(/^v/, '')}, so Ledgerdesk opens in browser mode; upgrade Node, then ${LATER}.`
    );
  }
  return { kind: 'download' };
}
