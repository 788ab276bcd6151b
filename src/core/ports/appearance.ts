import type { ThemeChoice } from '../../shared/domain/theme';

/**
 * How the desktop app shows a theme (Electron's nativeTheme, the window's background, the View
 * menu's tick); the Electron glue provides it. Browser mode has none: the page draws the theme itself.
 */
export interface Appearance {
  show(theme: ThemeChoice): void;
}
