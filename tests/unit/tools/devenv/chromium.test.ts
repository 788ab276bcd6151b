import { describe, expect, it } from 'vitest';
import { findChromium, type ChromiumLookup } from '../../../support/chromium';

const lookup = (over: Partial<ChromiumLookup> & { files?: string[] } = {}): ChromiumLookup => ({
  env: {},
  playwrightChromium: () => '/Users/ada/Library/Caches/ms-playwright/chromium-1200/chrome-mac/Chromium.app/Contents/MacOS/Chromium',
  exists: (path) => (over.files ?? []).includes(path),
  which: () => undefined,
  ...over
});

describe('the Chromium the e2e suite drives', () => {
  it('is CHROMIUM_PATH first', () => {
    expect(findChromium(lookup({ env: { CHROMIUM_PATH: 'C:\\Chrome\\chrome.exe' }, files: ['C:\\Chrome\\chrome.exe'] }))).toEqual({
      path: 'C:\\Chrome\\chrome.exe',
      source: 'CHROMIUM_PATH'
    });
  });

  it('says so when CHROMIUM_PATH points nowhere, rather than pick another browser', () => {
    expect(findChromium(lookup({ env: { CHROMIUM_PATH: '/nope' } }))).toMatchObject({ path: undefined, problem: expect.stringContaining('/nope') });
  });

  it("is Playwright's own Chromium on macOS and Windows, where it is installed", () => {
    const own = '/Users/ada/Library/Caches/ms-playwright/chromium-1200/chrome-mac/Chromium.app/Contents/MacOS/Chromium';
    expect(findChromium(lookup({ files: [own], which: () => '/usr/bin/chromium' }))).toEqual({ path: own, source: 'playwright' });
  });

  it("is Debian's chromium on PATH where Playwright's is not installed", () => {
    expect(findChromium(lookup({ which: (command) => (command === 'chromium' ? '/usr/bin/chromium' : undefined) }))).toEqual({
      path: '/usr/bin/chromium',
      source: 'PATH'
    });
  });

  it('names every way to get one when there is none', () => {
    const found = findChromium(
      lookup({
        playwrightChromium: () => {
          throw new Error('unsupported platform');
        }
      })
    );
    expect(found).toMatchObject({ path: undefined, problem: expect.stringContaining('npx playwright install chromium') });
  });
});
