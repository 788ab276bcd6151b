// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ThemeChoice } from '@shared/domain/theme';
import { ThemeSwitch, themeActions } from '@renderer/app/layout/ThemeSwitch';
import { startTheme, THEME_STORAGE_KEY } from '@renderer/lib/theme';

// The page's theme (lib/theme.ts): drawn before React renders from this browser's copy of the choice,
// following the system while System is chosen, and kept in the preferences file when chosen here.

/** The system's prefers-color-scheme, switchable like the computer's own setting. */
function systemPrefers(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, listener: () => void) => void listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => void listeners.delete(listener)
  };
  window.matchMedia = vi.fn(() => query as unknown as MediaQueryList);
  return {
    become(nowDark: boolean) {
      dark = nowDark;
      act(() => listeners.forEach((listener) => listener()));
    }
  };
}

/** The preferences file behind window.api: theme.get answers what it keeps, theme.set keeps it (or refuses). */
function preferencesFile(kept: ThemeChoice, { refuse = false } = {}) {
  let changed: ((payload: { theme: ThemeChoice }) => void) | null = null;
  const set = vi.fn(async ({ theme }: { theme: ThemeChoice }) => {
    if (refuse) return { ok: false as const, error: { code: 'UNAVAILABLE', message: 'The preferences file cannot be written.' } };
    kept = theme;
    return { ok: true as const, value: { theme } };
  });
  const get = vi.fn(async () => ({ ok: true as const, value: { theme: kept } }));
  (window as unknown as { api: unknown }).api = {
    theme: { get, set },
    on: (event: string, listener: (payload: { theme: ThemeChoice }) => void) => {
      if (event === 'theme.changed') changed = listener;
      return () => (changed = null);
    }
  };
  return { set, get, tellPage: (theme: ThemeChoice) => act(() => changed?.({ theme })) };
}

const drawnDark = () => document.documentElement.classList.contains('dark');
const drawnLight = () => document.documentElement.classList.contains('light');

let stop: (() => void) | null = null;

beforeEach(() => {
  window.localStorage.clear();
  document.documentElement.className = '';
});

afterEach(() => {
  stop?.();
  stop = null;
  cleanup();
  delete (window as unknown as { api?: unknown }).api;
});

describe('the theme', () => {
  it('is drawn from this browser’s copy before the preferences file answers, so the page never shows the other first', () => {
    systemPrefers(false);
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    const file = preferencesFile('dark');
    stop = startTheme();
    // Synchronously, before any answer: main.tsx renders right after.
    expect(drawnDark()).toBe(true);
    expect(file.get).toHaveBeenCalledOnce();
  });

  it('follows the system while System is chosen, and stops following it once Light is', async () => {
    const system = systemPrefers(true);
    preferencesFile('system');
    stop = startTheme();
    expect(drawnDark()).toBe(true);
    system.become(false);
    expect(drawnLight()).toBe(true);
    system.become(true);
    expect(drawnDark()).toBe(true);

    render(<ThemeSwitch />);
    await userEvent.click(screen.getByRole('radio', { name: 'Light' }));
    expect(drawnLight()).toBe(true);
    system.become(true);
    expect(drawnLight()).toBe(true);
  });

  it('chosen in the sidebar, is drawn at once, copied in this browser and kept in the preferences file', async () => {
    systemPrefers(false);
    const file = preferencesFile('system');
    stop = startTheme();
    render(<ThemeSwitch />);
    const group = screen.getByRole('group', { name: 'Theme' });
    expect(group).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('radio', { name: 'System' })).toHaveProperty('checked', true));

    await userEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(drawnDark()).toBe(true);
    expect(screen.getByRole('radio', { name: 'Dark' })).toHaveProperty('checked', true);
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    await waitFor(() => expect(file.set).toHaveBeenCalledExactlyOnceWith({ theme: 'dark' }));
  });

  it('the preferences file’s choice wins over an old copy in this browser', async () => {
    systemPrefers(false);
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    preferencesFile('dark');
    stop = startTheme();
    await waitFor(() => expect(drawnDark()).toBe(true));
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
  });

  it('chosen elsewhere (the desktop’s View menu), the page and its control follow', async () => {
    systemPrefers(false);
    const file = preferencesFile('light');
    stop = startTheme();
    render(<ThemeSwitch />);
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Light' })).toHaveProperty('checked', true));
    file.tellPage('dark');
    expect(drawnDark()).toBe(true);
    expect(screen.getByRole('radio', { name: 'Dark' })).toHaveProperty('checked', true);
  });

  it('that cannot be kept, goes back to the one before', async () => {
    systemPrefers(false);
    preferencesFile('light', { refuse: true });
    stop = startTheme();
    render(<ThemeSwitch />);
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Light' })).toHaveProperty('checked', true));
    await userEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    await waitFor(() => expect(drawnLight()).toBe(true));
    expect(screen.getByRole('radio', { name: 'Light' })).toHaveProperty('checked', true);
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });

  it('is offered by the palette as Theme: Dark, Light and System', async () => {
    systemPrefers(false);
    const file = preferencesFile('system');
    stop = startTheme();
    expect(themeActions.map((action) => action.label)).toEqual(['Theme: System', 'Theme: Light', 'Theme: Dark']);
    act(() => themeActions.find((action) => action.label === 'Theme: Dark')!.action());
    expect(drawnDark()).toBe(true);
    await waitFor(() => expect(file.set).toHaveBeenCalledWith({ theme: 'dark' }));
  });
});
