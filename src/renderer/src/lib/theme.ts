import { create } from 'zustand';
import { DEFAULT_THEME, drawsDark, isThemeChoice, type ThemeChoice } from '../../../shared/domain/theme';
import { api, call, errorMessage } from './api';
import { notify } from './notify';

/**
 * This browser's copy of the theme chosen (docs/product-rules.md §2.1), read before the first render:
 * the preferences file, which keeps the choice, answers only after the page is drawn.
 */
export const THEME_STORAGE_KEY = 'ledgerdesk.theme';

interface ThemeState {
  choice: ThemeChoice;
  /** What the page is drawn in now: the choice, or the system's for System. */
  dark: boolean;
}

export const useTheme = create<ThemeState>(() => ({ choice: DEFAULT_THEME, dark: false }));

const darkQuery = (): MediaQueryList | null => (typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null);

function copied(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeChoice(stored) ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

function copy(choice: ThemeChoice): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage refused (a private window): the preferences file still has the choice.
  }
}

/** Draws the page in a choice: the class the dark palette hangs on (dark-theme.css), else light. */
function show(choice: ThemeChoice): void {
  const dark = drawsDark(choice, darkQuery()?.matches ?? false);
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.classList.toggle('light', !dark);
  useTheme.setState({ choice, dark });
}

const adopt = (choice: ThemeChoice): void => {
  show(choice);
  copy(choice);
};

/** Set once the administrator chose here, so a slower answer of the preferences file does not undo it. */
let chosenHere = false;

/**
 * Called by main.tsx before React renders: draws the page in the choice copied in this browser, or
 * the system's. Then follows the system while System is chosen, and the preferences file when it
 * answers and whenever the choice changes elsewhere (the desktop's View menu, another tab).
 */
export function startTheme(): () => void {
  chosenHere = false;
  show(copied());
  const query = darkQuery();
  const followSystem = () => show(useTheme.getState().choice);
  query?.addEventListener('change', followSystem);
  let stopListening = () => {};
  try {
    stopListening = api().on('theme.changed', ({ theme }) => adopt(theme));
    void call(() => api().theme.get({})).then(
      ({ theme }) => chosenHere || adopt(theme),
      // Unreachable: the page says so elsewhere, and keeps the copy.
      () => undefined
    );
  } catch {
    // No bridge: the page says the service is unreachable.
  }
  return () => {
    query?.removeEventListener('change', followSystem);
    stopListening();
  };
}

/** The Theme control and the palette: drawn at once, then kept in the preferences file; a refusal puts the previous one back. */
export async function chooseTheme(choice: ThemeChoice): Promise<void> {
  const before = useTheme.getState().choice;
  chosenHere = true;
  adopt(choice);
  try {
    await call(() => api().theme.set({ theme: choice }));
  } catch (error) {
    adopt(before);
    notify.error('Failed to keep the theme.', errorMessage(error));
  }
}
