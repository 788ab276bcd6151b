/**
 * How Ledgerdesk looks on this computer (docs/product-rules.md §2.1): it follows the system
 * (Electron's nativeTheme, the browser's prefers-color-scheme) unless the administrator chose light
 * or dark. No zod here: the page reads a choice before its first render, on the sign-in route.
 */
export const themeChoices = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof themeChoices)[number];

/** A choice never made follows the system. */
export const DEFAULT_THEME: ThemeChoice = 'system';

export const isThemeChoice = (value: unknown): value is ThemeChoice => themeChoices.includes(value as ThemeChoice);

/** Whether a choice is drawn dark, given what the system prefers. */
export const drawsDark = (choice: ThemeChoice, systemDark: boolean): boolean => choice === 'dark' || (choice === 'system' && systemDark);
