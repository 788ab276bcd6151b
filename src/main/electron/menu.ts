import type { MenuItemConstructorOptions } from 'electron';
import type { UpdateChannel } from '../../core/ports/prefsStore';
import type { ThemeChoice } from '../../shared/domain/theme';

export interface MenuActions {
  /** The page's `?` list of shortcuts (the app.showShortcuts event). */
  showShortcuts(): void;
  showReleaseNotes(): void;
  checkForUpdates(): void;
  /** A zip of the logs, versions and configuration, without secrets or e-mail addresses (diagnosticsExport.ts). */
  exportDiagnostics(): void;
  openLogsFolder(): void;
  copyDiagnosticInfo(): void;
  setUpdateChannel(channel: UpdateChannel): void;
  /** View > Theme: kept in the preferences file like the page's own Theme control. */
  setTheme(theme: ThemeChoice): void;
  showAbout(): void;
}

export interface MenuOptions {
  platform: NodeJS.Platform;
  /** An installed build: no DevTools and no Reload (a reload drops what the screen held). */
  packaged: boolean;
  channel: UpdateChannel;
  theme: ThemeChoice;
  actions: MenuActions;
}

const separator: MenuItemConstructorOptions = { type: 'separator' };

/** A submenu of radio items, one per choice, the current one checked: picking one calls `pick` with it. */
function choiceMenu<T extends string>(label: string, choices: Record<T, string>, current: T, pick: (value: T) => void): MenuItemConstructorOptions {
  const items = (Object.entries(choices) as [T, string][]).map(([value, itemLabel]): MenuItemConstructorOptions => ({
    label: itemLabel,
    type: 'radio',
    checked: current === value,
    click: () => pick(value)
  }));
  return { label, submenu: items };
}

function viewMenu({ packaged, theme, actions }: MenuOptions): MenuItemConstructorOptions {
  const developer: MenuItemConstructorOptions[] = packaged ? [] : [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, separator];
  return {
    label: 'View',
    submenu: [
      ...developer,
      choiceMenu<ThemeChoice>('Theme', { system: 'System', light: 'Light', dark: 'Dark' }, theme, (value) => actions.setTheme(value)),
      separator,
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      separator,
      { role: 'togglefullscreen' }
    ]
  };
}

function helpMenu({ channel, actions }: MenuOptions): MenuItemConstructorOptions {
  return {
    role: 'help',
    submenu: [
      { label: 'Keyboard shortcuts', click: () => actions.showShortcuts() },
      { label: 'Release notes', click: () => actions.showReleaseNotes() },
      { label: 'Check for updates…', click: () => actions.checkForUpdates() },
      separator,
      { label: 'Export diagnostics…', click: () => actions.exportDiagnostics() },
      { label: 'Open logs folder', click: () => actions.openLogsFolder() },
      { label: 'Copy diagnostic info', click: () => actions.copyDiagnosticInfo() },
      separator,
      choiceMenu<UpdateChannel>('Update channel', { stable: 'Stable', beta: 'Beta (early releases)' }, channel, (value) => actions.setUpdateChannel(value)),
      separator,
      { label: 'About Ledgerdesk', click: () => actions.showAbout() }
    ]
  };
}

/**
 * The application menu, replacing Electron's default (whose View menu offers DevTools and Reload
 * to anyone). Edit keeps copy and paste working in the forms on macOS, where shortcuts come from
 * the menu.
 */
export function applicationMenu(options: MenuOptions): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin';
  return [
    ...(mac ? [{ role: 'appMenu' } as MenuItemConstructorOptions] : [{ label: 'File', submenu: [{ role: 'quit' }] } as MenuItemConstructorOptions]),
    { role: 'editMenu' },
    viewMenu(options),
    { role: 'windowMenu' },
    helpMenu(options)
  ];
}
