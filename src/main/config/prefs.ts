import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { themeChoiceSchema } from '../../shared/schemas/appearance';
import { readableLayouts } from '../../shared/schemas/columns';
import { notificationPrefsSchema } from '../../shared/schemas/live';
import { zoneChoiceSchema } from '../../shared/schemas/timeZone';
import { pageSizesSchema, savedViewSchema } from '../../shared/schemas/views';
import type { Prefs, PrefsStore } from '../../core/ports/prefsStore';

const prefsSchema = z.object({
  rememberedEmail: z.string().optional(),
  // An unknown channel (a newer version's, a hand edit) falls back to stable without losing the rest.
  updateChannel: z.enum(['stable', 'beta']).optional().catch(undefined),
  notifications: notificationPrefsSchema.partial().optional(),
  // A size or a view this version does not read (a newer one's, a hand edit) is dropped, not the whole file.
  pageSizes: pageSizesSchema.optional().catch(undefined),
  // A zone choice this version does not know shows this computer's zone again.
  timesShownIn: zoneChoiceSchema.optional().catch(undefined),
  // Likewise one list's columns: that list opens with its default ones, the others keep theirs.
  columnLayouts: z
    .record(z.string(), z.unknown())
    .optional()
    .catch(undefined)
    .transform((layouts) => layouts && readableLayouts(layouts)),
  savedViews: z
    .array(savedViewSchema.catch(null as never))
    .optional()
    .catch(undefined)
    .transform((views) => views?.filter(Boolean)),
  // A theme this version does not know falls back to following the system.
  theme: themeChoiceSchema.optional().catch(undefined)
});

/** Beside the configuration file in the data folder; Help > Export diagnostics takes it, redacted. */
export const PREFERENCES_FILE_NAME = 'preferences.json';

/**
 * Small preferences kept on this computer (never a password). A damaged file is treated as
 * empty rather than stopping the app from starting.
 */
export function filePrefsStore(dataDir: string): PrefsStore {
  const file = join(dataDir, PREFERENCES_FILE_NAME);
  const read = (): Prefs => {
    try {
      const parsed = prefsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      return parsed.success ? parsed.data : {};
    } catch {
      return {};
    }
  };
  return {
    read,
    update(change) {
      const next: Prefs = { ...read(), ...change };
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(next, null, 2), { mode: 0o600 });
    }
  };
}

export function memoryPrefsStore(initial: Prefs = {}): PrefsStore {
  let prefs = { ...initial };
  return { read: () => prefs, update: (change) => (prefs = { ...prefs, ...change }) };
}
