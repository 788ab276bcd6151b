import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { createMainWindow, windowOptions } from '@main/electron/window';
import { REQUIRED_WEB_PREFERENCES } from '../../../support/requiredWebPreferences';

describe('windowOptions', () => {
  // Compared exactly: adding, removing or loosening any option (nodeIntegration, sandbox,
  // contextIsolation, a new `additionalArguments`...) must be a deliberate change to this test.
  it('is exactly the hardened window', () => {
    expect(windowOptions('/app/out/preload/index.cjs', '#f8fafc')).toStrictEqual({
      width: 1440,
      height: 900,
      minWidth: 1100,
      minHeight: 700,
      title: 'Ledgerdesk',
      backgroundColor: '#f8fafc',
      show: false,
      webPreferences: {
        preload: '/app/out/preload/index.cjs',
        ...REQUIRED_WEB_PREFERENCES,
        navigateOnDragDrop: false,
        safeDialogs: true,
        spellcheck: false
      }
    });
  });

  it('spells out each security switch rather than relying on Electron defaults', () => {
    const prefs = windowOptions('p', '#f8fafc').webPreferences ?? {};
    for (const [key, value] of Object.entries({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false
    })) {
      expect(Object.hasOwn(prefs, key), key).toBe(true);
      expect(prefs[key as keyof typeof prefs], key).toBe(value);
    }
  });
});

class FakeWindow extends EventEmitter {
  readonly webContents = { id: 'contents' };
  readonly calls: string[] = [];
  show = vi.fn(() => void this.calls.push('show'));
  loadURL = vi.fn(async (url: string) => void this.calls.push(`load ${url}`));
  constructor(readonly options: unknown) {
    super();
  }
}

describe('createMainWindow', () => {
  const setup = (overrides: Partial<Parameters<typeof createMainWindow<FakeWindow>>[0]> = {}) => {
    let created: FakeWindow | undefined;
    const prepare = vi.fn((contents: FakeWindow['webContents']) => void created?.calls.push(`prepare ${contents.id}`));
    const onLoadError = vi.fn();
    const window = createMainWindow<FakeWindow>({
      create: (options) => (created = new FakeWindow(options)),
      preloadPath: '/out/preload/index.cjs',
      backgroundColor: '#020618',
      url: 'app://ledgerdesk/',
      prepare,
      onLoadError,
      ...overrides
    });
    return { window, prepare, onLoadError };
  };

  it('creates the window with the hardened options', () => {
    const { window } = setup();
    expect(window.options).toStrictEqual(windowOptions('/out/preload/index.cjs', '#020618'));
  });

  it('secures the contents before loading the page', () => {
    const { window } = setup();
    expect(window.calls).toEqual(['prepare contents', 'load app://ledgerdesk/']);
  });

  it('shows the window only once it is ready to show', () => {
    const { window } = setup();
    expect(window.show).not.toHaveBeenCalled();
    window.emit('ready-to-show');
    expect(window.show).toHaveBeenCalledTimes(1);
  });

  it('reports a page that fails to load', async () => {
    const failure = new Error('ERR_CONNECTION_REFUSED');
    const onLoadError = vi.fn();
    const create = (options: unknown) => {
      const window = new FakeWindow(options);
      window.loadURL = vi.fn(async () => {
        throw failure;
      });
      return window;
    };
    setup({ create, onLoadError });
    await vi.waitFor(() => expect(onLoadError).toHaveBeenCalledWith(failure));
  });
});
