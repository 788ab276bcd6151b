import { describe, expect, it, vi } from 'vitest';
import { applicationMenu, type MenuOptions } from '@main/electron/menu';

type MenuItemConstructorOptions = ReturnType<typeof applicationMenu>[number];

const flatten = (items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] =>
  items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])]);

function menu(overrides: Partial<MenuOptions> = {}) {
  const actions = {
    showShortcuts: vi.fn(),
    showReleaseNotes: vi.fn(),
    checkForUpdates: vi.fn(),
    exportDiagnostics: vi.fn(),
    openLogsFolder: vi.fn(),
    copyDiagnosticInfo: vi.fn(),
    setUpdateChannel: vi.fn(),
    setTheme: vi.fn(),
    showAbout: vi.fn()
  };
  const template = applicationMenu({ platform: 'linux', packaged: true, channel: 'stable', theme: 'system', actions, ...overrides });
  const items = flatten(template);
  const byLabel = (label: string) => items.find((item) => item.label === label);
  const click = (label: string) => (byLabel(label)?.click as (() => void) | undefined)?.();
  return { template, items, byLabel, click, actions };
}

// Roles that reload the page or open DevTools, and roles that would bring them back in a submenu.
const developerRoles = ['reload', 'forceReload', 'toggleDevTools', 'viewMenu'];

describe('the application menu', () => {
  it.each(['linux', 'win32', 'darwin'] as const)('of an installed build on %s has no DevTools and no Reload', (platform) => {
    const { items } = menu({ platform, packaged: true });
    expect(items.filter((item) => developerRoles.includes(String(item.role)))).toEqual([]);
    expect(items.some((item) => /devtools|reload/i.test(String(item.label ?? '')))).toBe(false);
  });

  it('of a development build keeps Reload and DevTools', () => {
    const roles = menu({ packaged: false }).items.map((item) => item.role);
    expect(roles).toEqual(expect.arrayContaining(['reload', 'forceReload', 'toggleDevTools']));
  });

  it('keeps copy and paste (the Edit menu) everywhere', () => {
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      expect(menu({ platform }).items.map((item) => item.role)).toContain('editMenu');
    }
  });

  it('has a Help menu: shortcuts, release notes, updates, diagnostics, logs, update channel, about', () => {
    const help = menu().template.find((item) => item.role === 'help');
    const labels = (help?.submenu as MenuItemConstructorOptions[]).filter((item) => item.type !== 'separator').map((item) => item.label);
    expect(labels).toEqual([
      'Keyboard shortcuts',
      'Release notes',
      'Check for updates…',
      'Export diagnostics…',
      'Open logs folder',
      'Copy diagnostic info',
      'Update channel',
      'About Ledgerdesk'
    ]);
  });

  it('runs each Help action', () => {
    const { click, actions } = menu();
    click('Keyboard shortcuts');
    click('Release notes');
    click('Check for updates…');
    click('Export diagnostics…');
    click('Open logs folder');
    click('Copy diagnostic info');
    click('About Ledgerdesk');
    for (const action of [
      'showShortcuts',
      'showReleaseNotes',
      'checkForUpdates',
      'exportDiagnostics',
      'openLogsFolder',
      'copyDiagnosticInfo',
      'showAbout'
    ] as const) {
      expect(actions[action], action).toHaveBeenCalledTimes(1);
    }
  });

  it('shows the chosen update channel and switches it', () => {
    const beta = menu({ channel: 'beta' });
    expect(beta.byLabel('Stable')).toMatchObject({ type: 'radio', checked: false });
    expect(beta.byLabel('Beta (early releases)')).toMatchObject({ type: 'radio', checked: true });
    beta.click('Stable');
    expect(beta.actions.setUpdateChannel).toHaveBeenCalledExactlyOnceWith('stable');
    expect(menu({ channel: 'stable' }).byLabel('Stable')?.checked).toBe(true);
  });

  it('offers the theme in the View menu, ticks the one chosen and switches it', () => {
    const dark = menu({ theme: 'dark' });
    const view = dark.template.find((item) => item.label === 'View');
    const theme = (view?.submenu as MenuItemConstructorOptions[]).find((item) => item.label === 'Theme');
    expect((theme?.submenu as MenuItemConstructorOptions[]).map(({ label, type, checked }) => ({ label, type, checked }))).toEqual([
      { label: 'System', type: 'radio', checked: false },
      { label: 'Light', type: 'radio', checked: false },
      { label: 'Dark', type: 'radio', checked: true }
    ]);
    dark.click('System');
    expect(dark.actions.setTheme).toHaveBeenCalledExactlyOnceWith('system');
  });
});
