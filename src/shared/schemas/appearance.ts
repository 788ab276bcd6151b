import { z } from 'zod';
import { themeChoices } from '../domain/theme';

/** The theme chosen on this computer (src/shared/domain/theme.ts), as the contract and the preferences file carry it. */
export const themeChoiceSchema = z.enum(themeChoices);

export const themeSchema = z.object({ theme: themeChoiceSchema });
export const setThemeInputSchema = themeSchema.strict();
