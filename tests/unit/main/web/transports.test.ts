import { EventEmitter } from 'node:events';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EVENT_CHANNEL } from '@main/electron/ipc';
import { installBridge } from '@main/web/bridge';
import { contract } from '@shared/contract';
import { contractShape, fakePage, shapeOf, type FakePage } from '../../../support/fakes/fakePage';

// Two transports, one window.api: the Electron preload and browser mode's bridge are built by the
// same module (src/shared/windowApi.ts), so the page sees the same object, with the same guarantees,
// whichever transport carries it.

const fake = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  ipcRenderer: undefined as unknown as import('node:events').EventEmitter & { invoke: (...args: unknown[]) => Promise<unknown> }
}));

vi.mock('electron', () => {
  const ipcRenderer = Object.assign(new EventEmitter(), { invoke: async () => ({ ok: true, value: null }) });
  fake.ipcRenderer = ipcRenderer;
  return {
    contextBridge: { exposeInMainWorld: (key: string, value: unknown) => void fake.exposed.set(key, value) },
    ipcRenderer
  };
});

type PageApi = { on(event: string, listener: (payload: unknown) => void): () => void } & Record<string, unknown>;

let desktop: PageApi;
let browser: PageApi;
let page: FakePage;

beforeAll(async () => {
  await import('../../../../src/preload/index');
  desktop = fake.exposed.get('api') as PageApi;
  page = fakePage();
  installBridge(page.page);
  browser = (page.page as unknown as { api: PageApi }).api;
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('window.api in both transports', () => {
  it('has the same shape in the preload and the browser bridge, the one the contract implies', () => {
    const expected = contractShape(Object.keys(contract));
    expect(shapeOf(desktop)).toEqual(expected);
    expect(shapeOf(browser)).toEqual(expected);
  });

  it('is frozen in both, down to each namespace', () => {
    for (const api of [desktop, browser]) {
      expect(Object.isFrozen(api)).toBe(true);
      expect(() => {
        (api['deposits'] as Record<string, unknown>)['setStatus'] = () => undefined;
      }).toThrow(TypeError);
    }
  });

  it('isolates a throwing listener in both', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const heard = { desktop: vi.fn(), browser: vi.fn() };
    for (const [name, api] of [
      ['desktop', desktop],
      ['browser', browser]
    ] as const) {
      api.on('mail.changed', () => {
        throw new Error(`${name} screen bug`);
      });
      api.on('mail.changed', heard[name]);
    }
    expect(() => fake.ipcRenderer.emit(EVENT_CHANNEL, {}, 'mail.changed', {})).not.toThrow();
    expect(() => page.events[0]!.send('mail.changed', '{}')).not.toThrow();
    expect(heard.desktop.mock.calls).toEqual([[{}]]);
    expect(heard.browser.mock.calls).toEqual([[{}]]);
  });

  it('rejects the same unknown event names in both', () => {
    for (const api of [desktop, browser]) {
      expect(() => api.on('constructor', () => undefined)).toThrow(/Unknown event: constructor/);
    }
  });
});
