import { describe, expect, it } from 'vitest';
import { decideStart, hasDisplay, nodeCanRunElectronInstaller, type StartFacts } from '../../../../tools/devenv/start/decide';

const linuxDesktop: StartFacts = {
  wantsWeb: false,
  noOpen: false,
  platform: 'linux',
  display: { DISPLAY: ':0' },
  hasBinary: false,
  nodeVersion: '20.20.2',
  skipDownload: false,
  download: null
};
const server: StartFacts = { ...linuxDesktop, display: {} };

describe('hasDisplay', () => {
  it('is always true on Windows and macOS', () => {
    expect(hasDisplay('win32', {})).toBe(true);
    expect(hasDisplay('darwin', {})).toBe(true);
  });
  it('needs DISPLAY or WAYLAND_DISPLAY elsewhere, not blank', () => {
    expect(hasDisplay('linux', {})).toBe(false);
    expect(hasDisplay('linux', { DISPLAY: '  ' })).toBe(false);
    expect(hasDisplay('linux', { DISPLAY: ':0' })).toBe(true);
    expect(hasDisplay('linux', { WAYLAND_DISPLAY: 'wayland-0' })).toBe(true);
    expect(hasDisplay('freebsd', { DISPLAY: ':1' })).toBe(true);
  });
});

describe('nodeCanRunElectronInstaller (require() of an ES module without a flag)', () => {
  it.each([
    ['18.20.4', false],
    ['20.0.0', false],
    ['20.18.3', false],
    ['v20.19.0', true],
    ['20.20.2', true],
    ['21.7.3', false],
    ['22.11.0', false],
    ['22.12.0', true],
    ['23.0.0', true],
    ['24.1.0', true]
  ])('Node %s -> %s', (version, can) => expect(nodeCanRunElectronInstaller(version)).toBe(can));
});

describe('decideStart', () => {
  it('npm run web is browser mode with no explanation, and opens the browser where there is a display', () => {
    expect(decideStart({ ...linuxDesktop, wantsWeb: true, hasBinary: true })).toEqual({ kind: 'browser', why: 'asked', line: null, openBrowser: true });
    expect(decideStart({ ...server, wantsWeb: true })).toMatchObject({ kind: 'browser', openBrowser: false });
    expect(decideStart({ ...linuxDesktop, wantsWeb: true, noOpen: true })).toMatchObject({ openBrowser: false });
  });

  it('opens the desktop app when the binary is there and a display exists, whatever the Node version', () => {
    expect(decideStart({ ...linuxDesktop, hasBinary: true })).toEqual({ kind: 'desktop' });
    expect(decideStart({ ...linuxDesktop, hasBinary: true, nodeVersion: '18.19.0' })).toEqual({ kind: 'desktop' });
    expect(decideStart({ ...linuxDesktop, platform: 'win32', display: {}, hasBinary: true })).toEqual({ kind: 'desktop' });
  });

  it('without a display it is browser mode, binary or not, and says why in one line', () => {
    for (const hasBinary of [true, false]) {
      const d = decideStart({ ...server, hasBinary });
      expect(d).toMatchObject({ kind: 'browser', why: 'noDisplay', openBrowser: false });
      if (d.kind === 'browser') {
        expect(d.line).toMatch(/No display here.*browser mode.*npm start/);
        expect(d.line).not.toContain('\n');
      }
    }
  });

  it('with a display and no binary it downloads first (Windows, macOS, X11, Wayland)', () => {
    expect(decideStart(linuxDesktop)).toEqual({ kind: 'download' });
    expect(decideStart({ ...linuxDesktop, display: { WAYLAND_DISPLAY: 'wayland-0' } })).toEqual({ kind: 'download' });
    expect(decideStart({ ...linuxDesktop, platform: 'darwin', display: {} })).toEqual({ kind: 'download' });
    expect(decideStart({ ...linuxDesktop, platform: 'win32', display: {}, nodeVersion: '22.12.0' })).toEqual({ kind: 'download' });
  });

  it('after a download that worked, the desktop app', () => {
    expect(decideStart({ ...linuxDesktop, download: { ok: true } })).toEqual({ kind: 'desktop' });
  });

  it('after a failed download, browser mode with the reason and what to run later, and the browser opens', () => {
    const d = decideStart({ ...linuxDesktop, download: { ok: false, reason: 'fetch failed: getaddrinfo ENOTFOUND github.com' } });
    expect(d).toMatchObject({ kind: 'browser', why: 'downloadFailed', openBrowser: true });
    if (d.kind === 'browser') {
      expect(d.line).toBe(
        'Electron could not be downloaded (fetch failed: getaddrinfo ENOTFOUND github.com), so Ledgerdesk opens in browser mode; run `npx install-electron` (then `npm start`) to get the desktop app.'
      );
    }
    expect(decideStart({ ...linuxDesktop, noOpen: true, download: { ok: false, reason: 'x' } })).toMatchObject({ openBrowser: false });
  });

  it("on a Node whose require() cannot load Electron's installer, no download is tried", () => {
    for (const nodeVersion of ['20.18.1', '22.11.0', '21.7.3', '18.20.4']) {
      const d = decideStart({ ...linuxDesktop, nodeVersion });
      expect(d).toMatchObject({ kind: 'browser', why: 'nodeTooOld', openBrowser: true });
      if (d.kind === 'browser') expect(d.line).toContain(`this is Node ${nodeVersion}`);
    }
  });

  it('ELECTRON_SKIP_BINARY_DOWNLOAD is respected', () => {
    expect(decideStart({ ...linuxDesktop, skipDownload: true })).toMatchObject({ kind: 'browser', why: 'downloadSkipped' });
    expect(decideStart({ ...linuxDesktop, skipDownload: true, hasBinary: true })).toEqual({ kind: 'desktop' });
  });

  it('no display wins over every download fact: nothing is fetched for a machine that cannot show it', () => {
    for (const nodeVersion of ['18.0.0', '20.20.2'])
      for (const download of [null, { ok: true as const }, { ok: false as const, reason: 'x' }])
        expect(decideStart({ ...server, nodeVersion, download })).toMatchObject({ kind: 'browser', why: 'noDisplay' });
  });
});
