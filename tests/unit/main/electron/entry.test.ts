import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readZip } from '../../../support/readZip';

// The Electron entry itself (src/main/electron/index.ts), loaded with a fake `electron`,
// electron-log and electron-updater and a stand-in for the services: proves the pieces tested on
// their own are actually wired into the app an administrator runs (an installed build).

type MenuItem = { label?: string; role?: string; checked?: boolean; click?: () => void; submenu?: MenuItem[] };

/** Filled in by the mock factories below, which run when index.ts imports each module. */
const fake = vi.hoisted(() => ({
  userData: '',
  logged: [] as Array<[string, unknown[]]>,
  menus: [] as MenuItem[][],
  clipboardText: [] as string[],
  messageBoxes: [] as unknown[],
  crashReporterStarts: [] as unknown[],
  startCatching: [] as unknown[],
  app: null as unknown as EventEmitter,
  windows: [] as Array<EventEmitter & { webContents: EventEmitter & { loaded: string[] } }>,
  autoUpdater: null as unknown as { channel: string | null },
  log: null as unknown as { transports: { file: { maxSize: number } } },
  /** Where the save dialog answers the administrator chose to save (null: they cancel). */
  saveAs: null as string | null,
  printed: [] as unknown[],
  /** Message boxes answer this button (0: the first, Wait in the unresponsive question). */
  answer: 0,
  shownInFolder: [] as string[],
  /** Each nativeTheme.themeSource set, with how many windows existed then. */
  themeSources: [] as Array<{ source: string; windowsOpen: number }>
}));

// Started as the AppImage is where Linux refuses unprivileged user namespaces.
const startedWith = vi.hoisted(() => {
  const before = process.env.APPIMAGE;
  process.env.APPIMAGE = '/home/ada/Applications/Ledgerdesk.AppImage';
  return { switches: ['no-sandbox'], restore: () => (before === undefined ? delete process.env.APPIMAGE : (process.env.APPIMAGE = before)) };
});
afterAll(() => startedWith.restore());

class FakeContents extends EventEmitter {
  loaded: string[] = [];
  private url = 'app://ledgerdesk/';
  async loadURL(url: string): Promise<void> {
    this.loaded.push(url);
    this.url = url;
  }
  getURL = () => this.url;
  send = () => undefined;
  crashedOnPurpose = 0;
  forcefullyCrashRenderer = () => void (this.crashedOnPurpose += 1);
  reload = () => void this.loaded.push(`reload ${this.url}`);
  setWindowOpenHandler = () => undefined;
  printToPDF = async (options: unknown) => {
    fake.printed.push(options);
    return Buffer.from(`%PDF-1.7 of ${this.url}`);
  };
}

class FakeWindow extends EventEmitter {
  static getAllWindows = () => fake.windows;
  readonly webContents = new FakeContents();
  constructor(readonly options: unknown) {
    super();
    fake.windows.push(this);
  }
  loadURL = (url: string) => this.webContents.loadURL(url);
  show = () => undefined;
  backgrounds: string[] = [];
  setBackgroundColor = (color: string) => void this.backgrounds.push(color);
  isDestroyed = () => false;
  isMinimized = () => false;
  focus = () => undefined;
  restore = () => undefined;
}

vi.mock('electron', () => {
  fake.userData = mkdtempSync(join(tmpdir(), 'ledgerdesk-entry-'));
  // The administrator chose Dark on this computer before.
  writeFileSync(join(fake.userData, 'preferences.json'), JSON.stringify({ theme: 'dark' }));
  let themeSource = 'system';
  const nativeTheme = Object.defineProperties(new EventEmitter(), {
    themeSource: {
      get: () => themeSource,
      set: (source: string) => {
        themeSource = source;
        fake.themeSources.push({ source, windowsOpen: fake.windows.length });
      }
    },
    // The computer itself is set to light.
    shouldUseDarkColors: { get: () => themeSource === 'dark' }
  });
  fake.app = Object.assign(new EventEmitter(), {
    isPackaged: true,
    getPath: (name: string) => (name === 'userData' ? fake.userData : join(fake.userData, name)),
    getVersion: () => '0.2.0',
    requestSingleInstanceLock: () => true,
    commandLine: { hasSwitch: (name: string) => startedWith.switches.includes(name) },
    enableSandbox: () => undefined,
    whenReady: () => Promise.resolve(),
    quit: () => undefined
  });
  return {
    app: fake.app,
    BrowserWindow: FakeWindow,
    clipboard: { writeText: (text: string) => void fake.clipboardText.push(text) },
    crashReporter: { start: (options: unknown) => void fake.crashReporterStarts.push(options) },
    dialog: {
      showMessageBox: async (...args: unknown[]) => {
        fake.messageBoxes.push(args.at(-1));
        return { response: fake.answer };
      },
      showSaveDialog: async () => (fake.saveAs ? { canceled: false, filePath: fake.saveAs } : { canceled: true }),
      showErrorBox: () => undefined
    },
    ipcMain: { handle: () => undefined, removeHandler: () => undefined },
    Menu: { buildFromTemplate: (template: MenuItem[]) => template, setApplicationMenu: (menu: MenuItem[]) => void fake.menus.push(menu) },
    nativeTheme,
    Notification: Object.assign(function Notification() {}, { isSupported: () => false }),
    powerMonitor: new EventEmitter(),
    protocol: { registerSchemesAsPrivileged: () => undefined, handle: () => undefined },
    session: {
      defaultSession: {
        setPermissionRequestHandler: () => undefined,
        setPermissionCheckHandler: () => undefined,
        webRequest: { onHeadersReceived: () => undefined }
      }
    },
    shell: { openExternal: async () => undefined, openPath: async () => '', showItemInFolder: (path: string) => void fake.shownInFolder.push(path) }
  };
});

vi.mock('electron-log/main', () => {
  const record =
    (level: string) =>
    (...params: unknown[]) =>
      void fake.logged.push([level, params]);
  const log = {
    error: record('error'),
    warn: record('warn'),
    info: record('info'),
    transports: {
      file: { maxSize: 0, level: 'silly', getFile: () => ({ path: join(fake.userData, 'logs', 'main.log') }) },
      console: { level: 'silly' }
    },
    errorHandler: { startCatching: (options: unknown) => void fake.startCatching.push(options) },
    functions: { error: record('error'), warn: record('warn'), info: record('info'), log: record('info'), debug: record('debug') }
  };
  fake.log = log;
  return { default: log };
});

vi.mock('electron-updater', () => {
  fake.autoUpdater = Object.assign(new EventEmitter(), {
    autoDownload: false,
    autoInstallOnAppQuit: false,
    allowDowngrade: false,
    forceDevUpdateConfig: false,
    channel: null as string | null,
    logger: null as unknown,
    setFeedURL: () => undefined,
    checkForUpdates: async () => null,
    quitAndInstall: () => undefined
  });
  return { autoUpdater: fake.autoUpdater };
});

const services = vi.hoisted(() => ({
  events: null as null | { subscribe(listener: (event: string, payload: unknown) => void): () => void },
  options: null as null | {
    dataDir: string;
    appearance?: import('@core/ports/appearance').Appearance;
    packaged?: boolean;
    log?: { error(message: string, error?: unknown): void };
    savePdf?: (suggestedName: string) => Promise<{ path: string } | null>;
  }
}));
vi.mock('@main/compose', async () => {
  const { EventBus } = await import('@main/session/events');
  const { filePrefsStore } = await import('@main/config/prefs');
  const { themePreference } = await import('@core/theme');
  return {
    startMainServices: async (options: NonNullable<typeof services.options>) => {
      services.options = options;
      const events = new EventBus();
      services.events = events;
      return {
        config: {
          mode: 'production',
          firebase: { apiKey: 'AIzaSyFAKEKEY', projectId: 'acme' },
          adminUid: 'uid-admin-42',
          backendUrl: null,
          platformName: 'Acme'
        },
        dispatch: async () => ({ ok: true, value: {} }),
        events,
        // The real preference over the real file, shown through the appearance the entry hands in.
        theme: themePreference({
          prefs: filePrefsStore(options.dataDir),
          appearance: options.appearance,
          changed: (theme) => events.emit('theme.changed', { theme })
        }),
        openListeners: () => 0,
        signOut: async () => undefined,
        dispose: async () => undefined
      };
    }
  };
});

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const flatten = (items: MenuItem[]): MenuItem[] => items.flatMap((item) => [item, ...(item.submenu ? flatten(item.submenu) : [])]);
const menuItem = (label: string) => flatten(fake.menus.at(-1) ?? []).find((item) => item.label === label);
const errors = () => fake.logged.filter(([level]) => level === 'error').map(([, params]) => String(params[0]));

beforeAll(async () => {
  await import('@main/electron/index');
  for (let i = 0; i < 5; i++) await flush();
});

describe('the installed desktop app', () => {
  it('keeps crash dumps on the computer and catches unhandled errors into the rotated log', () => {
    expect(fake.crashReporterStarts).toEqual([{ uploadToServer: false }]);
    expect(fake.startCatching).toEqual([{ showDialog: false }]);
    expect(fake.log.transports.file.maxSize).toBeGreaterThan(0);
  });

  it('tells the services it is installed, so the configuration ignores LEDGERDESK_UPDATE_URL as the updater does', () => {
    expect(services.options?.packaged).toBe(true);
  });

  it('hands the services a Logger that writes to the log file', () => {
    services.options?.log?.error('Method deposits.setStatus failed', new Error('boom'));
    expect(errors()).toContain('Method deposits.setStatus failed');
  });

  it('logs a child process that died', () => {
    fake.app.emit('child-process-gone', {}, { type: 'GPU', reason: 'crashed', exitCode: 11 });
    expect(errors()).toContain('Child process gone: GPU (GPU, crashed, exit code 11)');
  });

  it('has a Help menu and no DevTools or Reload', () => {
    const items = flatten(fake.menus.at(-1) ?? []);
    expect(items.map((item) => item.label)).toEqual(expect.arrayContaining(['Open logs folder', 'Copy diagnostic info', 'Update channel', 'About Ledgerdesk']));
    expect(items.some((item) => ['reload', 'forceReload', 'toggleDevTools'].includes(String(item.role)))).toBe(false);
  });

  it('copies diagnostic info without the configuration secrets', () => {
    menuItem('Copy diagnostic info')?.click?.();
    const text = fake.clipboardText.at(-1) ?? '';
    expect(text).toContain('Ledgerdesk 0.2.0 (installed)');
    expect(text).toContain('Mode: production');
    expect(text).toContain(`Configuration file: ${join(fake.userData, 'ledgerdesk.config.json')}`);
    for (const secret of ['AIzaSyFAKEKEY', 'uid-admin-42']) expect(text).not.toContain(secret);
  });

  it('switches to the beta channel from the Help menu and remembers it', async () => {
    expect(fake.autoUpdater.channel).toBe('latest');
    menuItem('Beta (early releases)')?.click?.();
    await flush();
    expect(fake.autoUpdater.channel).toBe('beta');
    expect(JSON.parse(readFileSync(join(fake.userData, 'preferences.json'), 'utf8'))).toMatchObject({ updateChannel: 'beta' });
    expect(menuItem('Beta (early releases)')).toMatchObject({ checked: true });
  });

  it('prints the page on screen to the PDF file the administrator chose (a statement), and nothing when they cancel', async () => {
    const window = fake.windows[0]!;
    await (window as unknown as FakeWindow).loadURL('app://ledgerdesk/users/dana?tab=journal');
    fake.saveAs = null;
    expect(await services.options?.savePdf?.('Statement Dana 2026-03')).toBeNull();
    expect(fake.printed).toEqual([]);
    fake.saveAs = join(fake.userData, 'statement.pdf');
    expect(await services.options?.savePdf?.('Statement Dana 2026-03')).toEqual({ path: fake.saveAs });
    expect(readFileSync(fake.saveAs, 'utf8')).toBe('%PDF-1.7 of app://ledgerdesk/users/dana?tab=journal');
    expect(fake.printed).toEqual([expect.objectContaining({ printBackground: true })]);
  });

  it('reloads a crashed window on the screen it showed, and says it recovered', async () => {
    const window = fake.windows[0]!;
    window.webContents.emit('did-navigate-in-page', {}, 'app://ledgerdesk/withdrawals?status=pending');
    window.webContents.emit('render-process-gone', {}, { reason: 'oom', exitCode: -1 });
    expect(window.webContents.loaded.at(-1)).toBe('app://ledgerdesk/withdrawals?status=pending');
    window.webContents.emit('did-finish-load');
    await flush();
    expect(fake.messageBoxes.at(-1)).toMatchObject({ title: 'Ledgerdesk recovered' });
    expect(errors().some((line) => line.includes('renderer process is gone (oom'))).toBe(true);
  });
});

describe('the Help menu', () => {
  it('offers shortcuts, release notes, updates and diagnostics', () => {
    const items = flatten(fake.menus.at(-1) ?? []).map((item) => item.label);
    expect(items).toEqual(expect.arrayContaining(['Keyboard shortcuts', 'Release notes', 'Check for updates…', 'Export diagnostics…']));
  });

  it('Keyboard shortcuts opens the page’s ? list', () => {
    const seen: string[] = [];
    const stop = services.events!.subscribe((event) => seen.push(event));
    menuItem('Keyboard shortcuts')?.click?.();
    stop();
    expect(seen).toEqual(['app.showShortcuts']);
  });

  it('Check for updates checks and says the result', async () => {
    menuItem('Check for updates…')?.click?.();
    for (let i = 0; i < 3; i++) await flush();
    expect(fake.messageBoxes.at(-1)).toMatchObject({ title: 'Check for updates', message: 'Ledgerdesk is up to date.' });
  });

  it('Release notes shows this version’s notes', async () => {
    menuItem('Release notes')?.click?.();
    await flush();
    expect(fake.messageBoxes.at(-1)).toMatchObject({ title: 'Release notes', message: 'What is new in Ledgerdesk 0.2.0' });
  });

  it('Export diagnostics writes the zip where the administrator chose, without the configuration’s secrets', async () => {
    fake.saveAs = join(fake.userData, 'diagnostics.zip');
    menuItem('Export diagnostics…')?.click?.();
    for (let i = 0; i < 5; i++) await flush();
    const files = readZip(readFileSync(fake.saveAs));
    expect([...files.keys()]).toEqual(expect.arrayContaining(['versions.txt', 'configuration.json']));
    const everything = [...files.values()].map((content) => content.toString('utf8')).join('\n');
    expect(everything).toContain('Ledgerdesk 0.2.0 (installed)');
    expect(everything).not.toContain('AIzaSyFAKEKEY');
    expect(fake.shownInFolder).toEqual([fake.saveAs]);
    expect(fake.messageBoxes.at(-1)).toMatchObject({ message: 'The diagnostics are saved.' });
  });
});

describe('the theme', () => {
  it('is set from the preferences file before the window exists, and the window opens on the dark background', () => {
    expect(fake.themeSources[0]).toEqual({ source: 'dark', windowsOpen: 0 });
    expect((fake.windows[0] as unknown as FakeWindow).options).toMatchObject({ backgroundColor: '#020618' });
    expect(menuItem('Dark')).toMatchObject({ type: 'radio', checked: true });
  });

  it('View > Theme > Light keeps the choice, redraws the window and its menu, and tells the page', () => {
    const told: unknown[] = [];
    const stop = services.events!.subscribe((event, payload) => event === 'theme.changed' && told.push(payload));
    menuItem('Light')?.click?.();
    stop();
    expect(fake.themeSources.at(-1)).toEqual({ source: 'light', windowsOpen: 1 });
    expect((fake.windows[0] as unknown as FakeWindow).backgrounds.at(-1)).toBe('#f8fafc');
    expect(JSON.parse(readFileSync(join(fake.userData, 'preferences.json'), 'utf8'))).toMatchObject({ theme: 'light' });
    expect(menuItem('Light')).toMatchObject({ checked: true });
    expect(menuItem('Dark')).toMatchObject({ checked: false });
    expect(told).toEqual([{ theme: 'light' }]);
  });
});

describe('started with --no-sandbox (the AppImage)', () => {
  it('says so in the log and in About', async () => {
    const warnings = fake.logged.filter(([level]) => level === 'warn').map(([, params]) => String(params[0]));
    expect(warnings.some((line) => line.startsWith('Ledgerdesk was started with --no-sandbox') && line.includes('The AppImage'))).toBe(true);
    menuItem('About Ledgerdesk')?.click?.();
    await flush();
    expect((fake.messageBoxes.at(-1) as { detail: string }).detail).toContain('Sandbox: OFF (started with --no-sandbox)');
  });
});

describe('a window that stops responding', () => {
  it('is logged and the administrator may reload it', async () => {
    const window = fake.windows[0]!;
    fake.answer = 1;
    window.emit('unresponsive');
    for (let i = 0; i < 3; i++) await flush();
    fake.answer = 0;
    expect(errors().some((line) => line.startsWith('The window stopped responding on /'))).toBe(true);
    expect(fake.messageBoxes.at(-1)).toMatchObject({ title: 'Ledgerdesk is not responding', buttons: ['Wait', 'Reload'] });
    expect((window.webContents as unknown as { crashedOnPurpose: number }).crashedOnPurpose).toBe(1);
    expect(window.webContents.loaded.at(-1)).toMatch(/^reload app:\/\/ledgerdesk\//);
  });
});
