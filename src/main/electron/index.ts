// The Electron entry (out/main/index.js) and the only module in main that loads `electron`:
// everything below receives the pieces it needs as parameters, so it is tested with fakes.
import { writeFileSync } from 'node:fs';
import { release } from 'node:os';
import { join } from 'node:path';
import {
  app,
  BrowserWindow,
  clipboard,
  crashReporter,
  dialog,
  ipcMain,
  Menu,
  nativeTheme,
  Notification,
  powerMonitor,
  protocol,
  session,
  shell
} from 'electron';
import log from 'electron-log/main';
import { autoUpdater } from 'electron-updater';
import type { UpdateChannel } from '../../core/ports/prefsStore';
import { startMainServices, type MainServices } from '../compose';
import { CONFIG_FILE_NAME } from '../config/config';
import { filePrefsStore, PREFERENCES_FILE_NAME } from '../config/prefs';
import { keepCrashDumpsLocally } from './crashDumps';
import { diagnosticInfo, noSandboxWarning, type DiagnosticFacts } from './diagnostics';
import { diagnosticsArchive, diagnosticsFileName } from './diagnosticsExport';
import { releaseNotesMessage, updateCheckMessage } from './helpDialogs';
import { forwardEvents, registerRpc } from './ipc';
import { watchScreenLock } from './lockScreen';
import { setUpLogging } from './logging';
import { applicationMenu } from './menu';
import { showDesktopNotifications } from './notifications';
import { logChildProcessGone, recoverFromRendererCrash, recoveryMessage } from './recovery';
import { registerAppScheme, serveAppProtocol } from './protocol';
import { csvSaver, pdfSaver } from './saveFile';
import { disposeBeforeQuit, quitWhenAllWindowsClosed } from './quit';
import { appUrl, CSP, DEV_CSP, hardenContents, hardenSession, isTrustedUrl } from './security';
import { createUpdater, defaultChannelFor, type Updater } from './updater';
import { offerReloadWhenUnresponsive, purposefulRestarts } from './unresponsive';
import { showTheme, windowBackground } from './theme';
import { createMainWindow } from './window';
import { DEFAULT_THEME } from '../../shared/domain/theme';

// This version's section of CHANGELOG.md, written in by the build (electron.vite.config.ts); absent when not built.
declare const __LEDGERDESK_RELEASE_NOTES__: string | undefined;
const releaseNotes = typeof __LEDGERDESK_RELEASE_NOTES__ === 'string' ? __LEDGERDESK_RELEASE_NOTES__ : '';

const devServerUrl = app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL'];
const preloadPath = join(__dirname, '../preload/index.cjs');
const rendererDir = join(__dirname, '../renderer');

// First, so that whatever goes wrong from here on is written down (and a crash leaves a dump).
const logging = setUpLogging(log, { isPackaged: app.isPackaged, console });
const logger = logging.logger;
keepCrashDumpsLocally(crashReporter);
logChildProcessGone(app, logger);
// The AppImage is started with --no-sandbox where Linux refuses the namespaces Chromium's sandbox needs: say so.
const sandboxOff = app.commandLine.hasSwitch('no-sandbox');
if (sandboxOff) logger.warn(noSandboxWarning(Boolean(process.env['APPIMAGE'])));

let mainWindow: BrowserWindow | null = null;
/** Draws the menu again (a radio item's tick moved); set once the menu exists. */
let rebuildMenu = (): void => undefined;

const reportFatal = (error: unknown): void => {
  logger.error('Ledgerdesk could not start', error);
  dialog.showErrorBox('Ledgerdesk could not start', error instanceof Error ? error.message : String(error));
  app.quit();
};

function openMainWindow(): BrowserWindow {
  const window = createMainWindow({
    create: (options) => new BrowserWindow(options),
    preloadPath,
    backgroundColor: windowBackground(nativeTheme),
    url: devServerUrl ?? appUrl,
    prepare: (contents) => hardenContents(contents, (url) => shell.openExternal(url), devServerUrl),
    onLoadError: reportFatal
  });
  const restarts = purposefulRestarts();
  recoverFromRendererCrash(window, {
    log: logger,
    homeUrl: devServerUrl ?? appUrl,
    isTrusted: (url) => isTrustedUrl(url, devServerUrl),
    notify: (notice) => {
      if (!window.isDestroyed()) void dialog.showMessageBox(window, recoveryMessage(notice));
    },
    stoppedOnPurpose: restarts.take
  });
  offerReloadWhenUnresponsive(window, {
    log: logger,
    ask: (question) => dialog.showMessageBox(window, question),
    restartingOnPurpose: restarts.mark
  });
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null;
  });
  return window;
}

function focusMainWindow(): void {
  if (!mainWindow) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.focus();
}

async function start(): Promise<void> {
  hardenSession(session.defaultSession, devServerUrl ? DEV_CSP : CSP);
  serveAppProtocol(protocol, rendererDir);

  autoUpdater.logger = log;
  const dataDir = app.getPath('userData');
  const prefs = filePrefsStore(dataDir);
  // Before any window exists: it opens in the theme chosen, with that theme's background (no flash of the other).
  showTheme(nativeTheme, prefs.read().theme ?? DEFAULT_THEME);
  nativeTheme.on('updated', () => mainWindow?.setBackgroundColor(windowBackground(nativeTheme)));
  // The updater is handed to the services before they exist; it only emits after start() below.
  let events: MainServices['events'] | null = null;
  const updater = createUpdater({
    autoUpdater,
    isPackaged: app.isPackaged,
    feedUrl: process.env['LEDGERDESK_UPDATE_URL'],
    channel: prefs.read().updateChannel ?? defaultChannelFor(app.getVersion()),
    log,
    emit: (event, payload) => events?.emit(event, payload)
  });
  const saveDialog = {
    showSaveDialog: (options: Parameters<typeof dialog.showSaveDialog>[0]) =>
      mainWindow ? dialog.showSaveDialog(mainWindow, options) : dialog.showSaveDialog(options)
  };
  const services: MainServices = await startMainServices({
    transport: 'electron',
    dataDir,
    version: app.getVersion(),
    env: process.env,
    packaged: app.isPackaged,
    log: logger,
    updates: updater,
    appearance: {
      show: (theme) => {
        mainWindow?.setBackgroundColor(showTheme(nativeTheme, theme));
        rebuildMenu();
      }
    },
    saveCsv: csvSaver(saveDialog, app.getPath('downloads')),
    savePdf: pdfSaver(saveDialog, app.getPath('downloads'), () => {
      if (!mainWindow) throw new Error('There is no window to print.');
      return mainWindow.webContents.printToPDF({ printBackground: true, pageSize: 'A4' });
    })
  });
  events = services.events;
  const stopRpc = registerRpc(ipcMain, services.dispatch, (url) => isTrustedUrl(url, devServerUrl));
  const stopEvents = forwardEvents(services.events, (channel, ...args) => {
    if (mainWindow && !mainWindow.isDestroyed()) mainWindow.webContents.send(channel, ...args);
  });
  const stopNotifications = showDesktopNotifications({
    events: services.events,
    isSupported: () => Notification.isSupported(),
    create: (options) => new Notification(options),
    wanted: async (kind) => {
      const prefs = await services.dispatch('notifications.get', {});
      return prefs.ok && (prefs.value as Record<string, boolean>)[kind] === true;
    },
    focusWindow: focusMainWindow
  });
  const stopLockWatch = watchScreenLock(powerMonitor, () => {
    services.signOut('screenLocked').catch((error: unknown) => logger.error('Sign-out on screen lock failed', error));
  });
  disposeBeforeQuit(
    app,
    async () => {
      updater.stop();
      stopNotifications();
      stopLockWatch();
      stopEvents();
      stopRpc();
      await services.dispose();
    },
    { onError: (error) => logger.error('Shutting down the services failed', error) }
  );

  installMenu(updater, services, dataDir, (channel) => prefs.update({ updateChannel: channel }));
  mainWindow = openMainWindow();
  updater.start();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = openMainWindow();
  });
}

function installMenu(updater: Updater, services: MainServices, dataDir: string, rememberChannel: (channel: UpdateChannel) => void): void {
  const mode = services.config.mode;
  const showMessage = (options: Electron.MessageBoxOptions) => (mainWindow ? dialog.showMessageBox(mainWindow, options) : dialog.showMessageBox(options));
  const build = (): void =>
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        applicationMenu({
          platform: process.platform,
          packaged: app.isPackaged,
          channel: updater.channel(),
          theme: services.theme.current(),
          actions: {
            showShortcuts: () => {
              focusMainWindow();
              services.events.emit('app.showShortcuts', {});
            },
            showReleaseNotes: () => void showMessage(releaseNotesMessage(app.getVersion(), releaseNotes)),
            checkForUpdates: () => {
              void updater
                .checkNow()
                .then((status) => showMessage(updateCheckMessage(status, app.getVersion(), updater.channel())))
                .catch((error: unknown) => logger.error('Check for updates failed', error));
            },
            exportDiagnostics: () => {
              void exportDiagnostics(diagnosticFacts(updater.channel(), mode), services.config, dataDir, showMessage).catch((error: unknown) => {
                logger.error('Exporting diagnostics failed', error);
                void showMessage({ type: 'error', title: 'Export diagnostics', message: 'The diagnostics could not be saved.', detail: String(error) });
              });
            },
            openLogsFolder: () => {
              void shell.openPath(logging.folder());
            },
            copyDiagnosticInfo: () => clipboard.writeText(diagnosticInfo(diagnosticFacts(updater.channel(), mode))),
            setUpdateChannel: (channel) => {
              rememberChannel(channel);
              updater.setChannel(channel);
              build();
            },
            setTheme: (theme) => services.theme.choose(theme),
            showAbout: () => {
              void dialog.showMessageBox({
                type: 'info',
                title: 'About Ledgerdesk',
                message: `Ledgerdesk ${app.getVersion()}`,
                detail: `The back-office of an investment platform.\n\n${diagnosticInfo(diagnosticFacts(updater.channel(), mode))}`
              });
            }
          }
        })
      )
    );
  build();
  rebuildMenu = build;
}

/** Help > Export diagnostics: asks where, writes the zip (logs, versions, configuration, without secrets or e-mails), shows it. */
async function exportDiagnostics(
  facts: DiagnosticFacts,
  config: unknown,
  dataDir: string,
  showMessage: (options: Electron.MessageBoxOptions) => Promise<unknown>
): Promise<void> {
  const now = new Date();
  const options = {
    title: 'Export diagnostics',
    defaultPath: join(app.getPath('downloads'), diagnosticsFileName(now)),
    filters: [{ name: 'Zip archive', extensions: ['zip'] }]
  };
  const { canceled, filePath } = mainWindow ? await dialog.showSaveDialog(mainWindow, options) : await dialog.showSaveDialog(options);
  if (canceled || !filePath) return;
  const logs = logging.folder();
  const archive = diagnosticsArchive({
    facts,
    logFiles: [join(logs, 'main.log'), join(logs, 'main.old.log')],
    config,
    files: [join(dataDir, CONFIG_FILE_NAME), join(dataDir, PREFERENCES_FILE_NAME)],
    env: process.env,
    now
  });
  writeFileSync(filePath, archive);
  logger.info(`Diagnostics exported to ${filePath}`);
  shell.showItemInFolder(filePath);
  await showMessage({
    type: 'info',
    title: 'Export diagnostics',
    message: 'The diagnostics are saved.',
    detail: `${filePath}\n\nThey hold the logs, the versions and the configuration, with every e-mail address and secret replaced by [email] or [secret]. Attach the file to your message to support.`
  });
}

function diagnosticFacts(channel: UpdateChannel, mode: string): DiagnosticFacts {
  return {
    version: app.getVersion(),
    packaged: app.isPackaged,
    platform: process.platform,
    osRelease: release(),
    arch: process.arch,
    electron: process.versions.electron ?? 'unknown',
    chrome: process.versions.chrome ?? 'unknown',
    node: process.versions.node,
    mode,
    configFile: join(app.getPath('userData'), CONFIG_FILE_NAME),
    logsFolder: logging.folder(),
    crashDumps: app.getPath('crashDumps'),
    channel,
    noSandbox: sandboxOff
  };
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  // Both must happen before `ready`: Electron refuses them afterwards.
  app.enableSandbox();
  registerAppScheme(protocol);
  app.on('second-instance', focusMainWindow);
  quitWhenAllWindowsClosed(app, process.platform);
  app.whenReady().then(start).catch(reportFatal);
}
