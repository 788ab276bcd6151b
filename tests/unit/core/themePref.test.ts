import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startMainServices, type MainServices } from '@main/compose';
import { filePrefsStore } from '@main/config/prefs';
import type { ThemeChoice } from '@shared/domain/theme';

// Through the real composition root (unconfigured, so no Firebase), its dispatcher and the
// preferences file: the theme chosen on this computer, as the page and the desktop's menu see it.
let services: MainServices | null = null;

const start = async (dataDir: string, show?: (theme: ThemeChoice) => void) => {
  services = await startMainServices({
    transport: 'electron',
    dataDir,
    version: '0.1.0',
    env: {},
    appearance: show ? { show } : undefined
  });
  return services;
};
const newDataDir = () => mkdtempSync(join(tmpdir(), 'ld-theme-'));

afterEach(async () => {
  await services?.dispose();
  services = null;
});

describe('the theme chosen on this computer', () => {
  it('follows the system until chosen, and the sign-in page may ask for it', async () => {
    const { dispatch } = await start(newDataDir());
    expect(await dispatch('theme.get', {})).toEqual({ ok: true, value: { theme: 'system' } });
  });

  it('is kept in the preferences file, shown by the desktop and told to every page when chosen (the View menu)', async () => {
    const dir = newDataDir();
    const show = vi.fn();
    const { theme, events, dispatch } = await start(dir, show);
    const told = vi.fn();
    events.subscribe(told);
    theme.choose('dark');
    expect(show).toHaveBeenCalledExactlyOnceWith('dark');
    expect(told).toHaveBeenCalledWith('theme.changed', { theme: 'dark' });
    expect(filePrefsStore(dir).read().theme).toBe('dark');
    expect(await dispatch('theme.get', {})).toEqual({ ok: true, value: { theme: 'dark' } });
  });

  it('is chosen on a page only by the signed-in administrator', async () => {
    const { dispatch } = await start(newDataDir());
    expect(await dispatch('theme.set', { theme: 'dark' })).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    expect(await dispatch('theme.get', {})).toEqual({ ok: true, value: { theme: 'system' } });
  });

  it('reads a theme this version does not know as the system’s, keeping the rest of the file', async () => {
    const dir = newDataDir();
    writeFileSync(join(dir, 'preferences.json'), JSON.stringify({ rememberedEmail: 'a@b.c', theme: 'sepia' }));
    const { dispatch } = await start(dir);
    expect(await dispatch('theme.get', {})).toEqual({ ok: true, value: { theme: 'system' } });
    expect(filePrefsStore(dir).read().rememberedEmail).toBe('a@b.c');
  });
});
