import { fail, ok, type Result } from '../result';
import type { Changeset } from './changeset';

/**
 * How this platform wants Ledgerdesk to behave, kept in `settings/ledgerdesk` (one document the
 * administrator edits). Every field has a default, so a platform that never saved one behaves as
 * before; a stored value of the wrong type is read as the default, never guessed.
 */
export interface PlatformSettings {
  /** A deposit's success and a withdrawal's approval need the chain transaction's id. */
  requireTxid: boolean;
  /** Ledgerdesk pays matured investments (some platforms pay them elsewhere). */
  paysMaturedInvestments: boolean;
}

export const PLATFORM_SETTINGS_PATH = 'settings/ledgerdesk';

export const defaultPlatformSettings: PlatformSettings = { requireTxid: false, paysMaturedInvestments: false };

/** The settings as stored, each field read on its own: a missing or odd value is its default. */
export function readPlatformSettings(data: Record<string, unknown> | null): PlatformSettings {
  const flag = (name: keyof PlatformSettings) => (typeof data?.[name] === 'boolean' ? (data[name] as boolean) : defaultPlatformSettings[name]);
  return { requireTxid: flag('requireTxid'), paysMaturedInvestments: flag('paysMaturedInvestments') };
}

/** What each setting is called on screen and in the audit log. */
export const platformSettingLabels: Record<keyof PlatformSettings, string> = {
  requireTxid: 'Require a transaction id for credits and payouts',
  paysMaturedInvestments: 'Ledgerdesk pays matured investments'
};

/**
 * Saving some of the settings: only the fields that change are written, with their old and new
 * values on the audit entry. The document is created on the first save.
 */
export function changePlatformSettings(stored: Record<string, unknown> | null, changes: Partial<PlatformSettings>): Result<Changeset> {
  const current = readPlatformSettings(stored);
  const changed = (Object.keys(changes) as (keyof PlatformSettings)[]).filter((name) => changes[name] !== undefined && changes[name] !== current[name]);
  if (changed.length === 0) return fail('CONFLICT', 'These settings already have those values.');
  const set = Object.fromEntries(changed.map((name) => [name, changes[name]]));
  const path = PLATFORM_SETTINGS_PATH;
  return ok({
    changes: [stored === null ? { path, set: { ...current, ...set }, replace: true } : { path, set }],
    audit: {
      kind: 'settings',
      action: 'settings.platform',
      entityPath: path,
      summary: `Platform settings changed: ${changed.map((name) => `${platformSettingLabels[name]} ${changes[name] ? 'on' : 'off'}`).join('; ')}`,
      before: Object.fromEntries(changed.map((name) => [`${path}.${name}`, current[name]])),
      after: Object.fromEntries(changed.map((name) => [`${path}.${name}`, changes[name]])),
      notes: [],
      reason: null
    },
    emails: [],
    effects: [],
    message: 'Platform settings saved.'
  });
}
