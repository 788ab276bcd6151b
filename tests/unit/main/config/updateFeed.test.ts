import { EventEmitter } from 'node:events';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createUpdater } from '@main/electron/updater';
// @ts-expect-error: a plain ES module for electron-builder, without type declarations
import checkUpdateFeed, { feedUrlOf } from '../../../../tools/release/packaging/check-update-feed.mjs';

class FakeAutoUpdater extends EventEmitter {
  autoDownload = false;
  autoInstallOnAppQuit = false;
  allowDowngrade = false;
  forceDevUpdateConfig = false;
  channel: string | null = null;
  feeds: unknown[] = [];
  checks = 0;
  setFeedURL(options: unknown): void {
    this.feeds.push(options);
  }
  async checkForUpdates() {
    this.checks += 1;
    return null;
  }
  quitAndInstall(): void {}
}

// LEDGERDESK_UPDATE_URL only reaches unpackaged builds (installed ones ignore it, see updater.test.ts).
function updaterWith(feedUrl: string | undefined, isPackaged = false) {
  const autoUpdater = new FakeAutoUpdater();
  const emit = vi.fn();
  const log = { info: vi.fn(), error: vi.fn() };
  const timers: unknown[] = [];
  const updater = createUpdater({
    autoUpdater,
    isPackaged,
    feedUrl,
    log,
    emit,
    clock: { setInterval: (cb) => timers.push(cb), clearInterval: () => undefined }
  });
  return { autoUpdater, emit, log, updater, timers };
}

describe('the updater and LEDGERDESK_UPDATE_URL', () => {
  it('never uses nor checks a plain-http feed beyond this computer, and says why once', async () => {
    const { autoUpdater, emit, updater, timers } = updaterWith('http://updates.acme.example/');
    expect(autoUpdater.feeds).toEqual([]);
    expect(updater.status()).toMatchObject({ state: 'error', message: expect.stringMatching(/^LEDGERDESK_UPDATE_URL must be an https:\/\//) });
    updater.start();
    updater.start();
    await new Promise((resolve) => setImmediate(resolve));
    expect(autoUpdater.checks).toBe(0);
    expect(timers).toHaveLength(0);
    expect(emit).toHaveBeenCalledTimes(1);
    expect(emit).toHaveBeenCalledWith('app.updateError', { message: expect.stringContaining('would let anyone on the network replace an update') });
  });

  it('uses an https feed, or plain http to this computer', async () => {
    for (const url of ['https://updates.acme.example/', 'http://127.0.0.1:9000/']) {
      const { autoUpdater, updater, emit } = updaterWith(url);
      expect(autoUpdater.feeds).toEqual([{ provider: 'generic', url }]);
      updater.start();
      await new Promise((resolve) => setImmediate(resolve));
      expect(autoUpdater.checks).toBe(1);
      expect(emit).not.toHaveBeenCalled();
    }
  });

  it('is ignored by installed builds, plain http or not', async () => {
    const { autoUpdater, updater, emit } = updaterWith('http://updates.acme.example/', true);
    updater.start();
    await new Promise((resolve) => setImmediate(resolve));
    expect(autoUpdater.feeds).toEqual([]);
    expect(autoUpdater.checks).toBe(1);
    expect(emit).not.toHaveBeenCalled();
  });
});

describe('the afterPack hook that checks the baked-in feed', () => {
  const packed = (yml: string | null) => {
    const appOutDir = mkdtempSync(join(tmpdir(), 'ld-feed-'));
    const resources = join(appOutDir, 'resources');
    mkdirSync(resources);
    if (yml !== null) writeFileSync(join(resources, 'app-update.yml'), yml);
    return { appOutDir, packager: { getResourcesDir: (dir: string) => join(dir, 'resources') } };
  };

  it('reads the url of app-update.yml, quoted or not', () => {
    expect(feedUrlOf('provider: generic\nurl: https://u.example/\nupdaterCacheDirName: ledgerdesk-updater\n')).toBe('https://u.example/');
    expect(feedUrlOf("provider: generic\nurl: 'http://u.example/'\n")).toBe('http://u.example/');
    expect(feedUrlOf('provider: github\nowner: acme\n')).toBeNull();
  });

  it('stops the build for a plain-http feed', async () => {
    await expect(checkUpdateFeed(packed('provider: generic\nurl: http://updates.acme.example/\n'))).rejects.toThrow(
      /^The update feed \(LEDGERDESK_UPDATE_URL, baked into app-update\.yml\) must be an https:\/\/ address/
    );
  });

  it('lets https feeds, GitHub releases and builds without a feed through', async () => {
    await expect(checkUpdateFeed(packed('provider: generic\nurl: https://updates.acme.example/\n'))).resolves.toBeUndefined();
    await expect(checkUpdateFeed(packed('provider: github\nowner: acme\nrepo: ledgerdesk\n'))).resolves.toBeUndefined();
    await expect(checkUpdateFeed(packed(null))).resolves.toBeUndefined();
  });
});
