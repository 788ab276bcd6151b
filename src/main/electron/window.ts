import type { BrowserWindowConstructorOptions } from 'electron';

/**
 * The renderer is treated as untrusted web content: isolated, sandboxed, no Node, no webviews.
 * Unit tests compare these options exactly, so any weakening fails the build.
 */
export function windowOptions(preloadPath: string, backgroundColor: string): BrowserWindowConstructorOptions {
  return {
    width: 1440,
    height: 900,
    minWidth: 1100,
    minHeight: 700,
    title: 'Ledgerdesk',
    // The page's own background in the theme chosen (theme.ts), so the window does not flash the other while loading.
    backgroundColor,
    // Shown on ready-to-show, so the admin never sees a half-painted window.
    show: false,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false
    }
  };
}

export interface MainWindowLike {
  readonly webContents: unknown;
  once(event: 'ready-to-show', listener: () => void): unknown;
  show(): void;
  loadURL(url: string): Promise<void>;
}

export interface MainWindowDeps<Window extends MainWindowLike> {
  create(options: BrowserWindowConstructorOptions): Window;
  preloadPath: string;
  /** The page's background in the theme the window opens in (theme.ts windowBackground). */
  backgroundColor: string;
  url: string;
  /** Runs before the first page load, so security handlers exist before any content does. */
  prepare(contents: Window['webContents']): void;
  onLoadError(error: unknown): void;
}

export function createMainWindow<Window extends MainWindowLike>(deps: MainWindowDeps<Window>): Window {
  const window = deps.create(windowOptions(deps.preloadPath, deps.backgroundColor));
  deps.prepare(window.webContents);
  window.once('ready-to-show', () => window.show());
  window.loadURL(deps.url).catch(deps.onLoadError);
  return window;
}
