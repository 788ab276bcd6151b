import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bundleWebBridge } from '../../../../electron.vite.config';
import { contract } from '@shared/contract';
import { contractShape, fakePage, runScript, shapeOf } from '../../../support/fakes/fakePage';

// The script browser mode actually serves: the build's bundle of src/main/web/bridgePage.ts, run
// the way the page runs a classic <script src>.

let code: string;
let modules: string[];

beforeAll(async () => {
  ({ code, modules } = await bundleWebBridge());
}, 60_000);

const run = (fake = fakePage()) => {
  const { added, global } = runScript(code, fake);
  return { fake, added, api: global['api'] as Record<string, unknown> };
};

describe('the bundled bridge script', () => {
  it('is built from the same module as the preload, not from serialised functions', () => {
    const sources = modules.map((id) => id.slice(id.lastIndexOf('src/')));
    expect(sources.sort()).toEqual(['src/main/web/bridge.ts', 'src/main/web/bridgePage.ts', 'src/shared/methods.ts', 'src/shared/windowApi.ts']);
  });

  it('runs as a classic script and leaves nothing global but window.api', () => {
    expect(run().added).toEqual(['api']);
  });

  it('defines the window.api the contract implies, frozen down to each namespace', () => {
    const { api } = run();
    expect(shapeOf(api)).toEqual(contractShape(Object.keys(contract)));
    expect(Object.isFrozen(api)).toBe(true);
  });

  it('calls the server with the token and isolates listener errors', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { fake, api } = run();
    const session = api['session'] as Record<string, (input?: unknown) => Promise<unknown>>;
    await expect(session['get']!()).resolves.toEqual({ ok: true, value: 'session.get' });
    expect(fake.fetch.mock.calls[0]?.[1].headers).toMatchObject({ 'x-ledgerdesk-token': 'per-launch-secret' });

    const on = api['on'] as (event: string, listener: (payload: unknown) => void) => () => void;
    const after = vi.fn();
    on('mail.changed', () => {
      throw new Error('screen bug');
    });
    on('mail.changed', after);
    expect(() => fake.events[0]!.send('mail.changed', '{}')).not.toThrow();
    expect(after).toHaveBeenCalledTimes(1);
    expect(consoleError).toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it('carries no token', () => {
    expect(code).not.toContain('per-launch-secret');
  });
});
