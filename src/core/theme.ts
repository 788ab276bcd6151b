import { DEFAULT_THEME, type ThemeChoice } from '../shared/domain/theme';
import type { Appearance } from './ports/appearance';
import type { PrefsStore } from './ports/prefsStore';

/** The theme chosen on this computer, from the page's Theme control or the desktop's View menu. */
export interface ThemePreference {
  current(): ThemeChoice;
  /** Kept in the preferences file, shown by the desktop at once, and told to every open page. */
  choose(theme: ThemeChoice): void;
}

export function themePreference(deps: { prefs: PrefsStore; appearance?: Appearance; changed(theme: ThemeChoice): void }): ThemePreference {
  return {
    current: () => deps.prefs.read().theme ?? DEFAULT_THEME,
    choose(theme) {
      deps.prefs.update({ theme });
      deps.appearance?.show(theme);
      deps.changed(theme);
    }
  };
}
