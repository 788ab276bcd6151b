// The Electron entry (out/main/index.js) and the only module in main that loads `electron`:
// everything below receives the pieces it needs as parameters, so it is tested with fakes.
import { join } from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, Notification, powerMonitor, protocol, session, shell } from 'electron';
import log from 'electron-log/main';
import { autoUpdater } from 'electron-updater';
import { startMainServices, type MainServices } from '../compose';
import { forwardEvents, registerRpc } from './ipc';
import { watchScreenLock } from './lockScreen';
import { showDesktopNotifications } from './notifications';
import { registerAppScheme, serveAppProtocol } from './protocol';
import { csvSaver } from './saveFile';
import { disposeBeforeQuit, quitWhenAllWindowsClosed } from './quit';
import { appUrl, CSP, DEV_CSP, hardenContents, hardenSession, isTrustedUrl } from './security';
import { createUpdater } from './updater';
import { createMainWindow } from './window';

const devServerUrl = app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL'];
const preloadPath = join(__dirname, '../preload/index.cjs');
const rendererDir = join(__dirname, '../renderer');

let mainWindow: BrowserWindow | null = null;

const reportFatal = (error: unknown): void => {
  console.error(error);
  dialog.showErrorBox('Ledgerdesk could not start', error instanceof Error ? error.message : String(error));
  app.quit();
};

function openMainWindow(): BrowserWindow {
  const window = createMainWindow({
    create: (options) => new BrowserWindow(options),
    preloadPath,
    url: devServerUrl ?? appUrl,
    prepare: (contents) => hardenContents(contents, (url) => shell.openExternal(url), devServerUrl),
    onLoadError: reportFatal
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
  // The updater is handed to the services before they exist; it only emits after start() below.
  let events: MainServices['events'] | null = null;
  const updater = createUpdater({
    autoUpdater,
    isPackaged: app.isPackaged,
    feedUrl: process.env['LEDGERDESK_UPDATE_URL'],
    log,
    emit: (event, payload) => events?.emit(event, payload)
  });
  const services: MainServices = await startMainServices({
    transport: 'electron',
    dataDir: app.getPath('userData'),
    version: app.getVersion(),
    env: process.env,
    updates: updater,
    saveCsv: csvSaver(
      { showSaveDialog: (options) => (mainWindow ? dialog.showSaveDialog(mainWindow, options) : dialog.showSaveDialog(options)) },
      app.getPath('downloads')
    )
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
    services.signOut('screenLocked').catch((error: unknown) => console.error('Sign-out on screen lock failed', error));
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
    { onError: (error) => console.error('Shutting down the services failed', error) }
  );

  mainWindow = openMainWindow();
  updater.start();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = openMainWindow();
  });
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
