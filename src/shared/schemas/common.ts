import { z } from 'zod';

/** Building blocks the schema files share. */

/** A Firestore document id as a method input. */
export const id = z.string().min(1).max(200);

/** A stored date as an ISO string, or null when the document has none. */
export const isoDate = z.string().nullable();

/** A money change as the administrator sees it (the domain's Effect). */
export const effectSchema = z.object({ label: z.string(), before: z.number(), after: z.number() });
