import type { ThemeChoice } from '../../shared/domain/theme';

/** The part of Electron's nativeTheme Ledgerdesk uses. */
export interface NativeThemeLike {
  themeSource: ThemeChoice;
  readonly shouldUseDarkColors: boolean;
  on(event: 'updated', listener: () => void): unknown;
}

/** The page's own background in each theme (body: slate-50, dark-theme.css), so the window never shows the other while it loads. */
export const LIGHT_BACKGROUND = '#f8fafc';
export const DARK_BACKGROUND = '#020618';

/**
 * Sets nativeTheme.themeSource from the preference: Electron then draws the window's own parts in
 * it and the page's prefers-color-scheme answers it, so a page that follows the system follows the
 * choice. Answers the window's background for that theme.
 */
export function showTheme(nativeTheme: NativeThemeLike, theme: ThemeChoice): string {
  nativeTheme.themeSource = theme;
  return windowBackground(nativeTheme);
}

export const windowBackground = (nativeTheme: Pick<NativeThemeLike, 'shouldUseDarkColors'>): string =>
  nativeTheme.shouldUseDarkColors ? DARK_BACKGROUND : LIGHT_BACKGROUND;
