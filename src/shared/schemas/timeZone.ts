import { z } from 'zod';

/**
 * Which zone this computer's desk shows its times in (the preferences file): this computer's own
 * (until the administrator chooses), UTC, or the platform's (settings/ledgerdesk.timeZone).
 */
export const zoneChoices = ['computer', 'utc', 'platform'] as const;
export const zoneChoiceSchema = z.enum(zoneChoices);
export type ZoneChoice = z.output<typeof zoneChoiceSchema>;

/** A choice never made: this computer's zone, as before the choice existed. */
export const DEFAULT_ZONE_CHOICE: ZoneChoice = 'computer';

export const shownZoneSchema = z.object({ shownIn: zoneChoiceSchema });
export type ShownZone = z.output<typeof shownZoneSchema>;
export const setShownZoneInputSchema = shownZoneSchema.strict();
