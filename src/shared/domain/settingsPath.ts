/**
 * Where the platform's own settings live (the flags, the time zone, the approval policy). Apart from
 * platformSettings.ts so the backend host can read the policy without the settings' coin and
 * explorer rules (and their libraries) in its bundle.
 */
export const PLATFORM_SETTINGS_PATH = 'settings/ledgerdesk';
