import { z } from 'zod';

/** Building blocks the schema files share. */

/** Firestore's own limit on a document id. */
export const MAX_ID_BYTES = 1500;

const utf8Bytes = (text: string): number => {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
};

/**
 * Why text cannot be one Firestore document id, or null when it can. A '/' would turn
 * `users/${id}` into a path into a sub-collection ("x/sub/y"), '.' and '..' are path segments,
 * `__name__`-style ids are reserved by Firestore, and ids are at most 1,500 bytes of UTF-8.
 */
export function idProblem(text: string): string | null {
  if (text.length === 0) return 'must not be empty';
  if (text.includes('/')) return "must not contain '/'";
  if (text === '.' || text === '..') return `must not be "${text}"`;
  if (/^__.*__$/s.test(text)) return 'must not start and end with "__" (Firestore reserves those ids)';
  if (utf8Bytes(text) > MAX_ID_BYTES) return `must be at most ${MAX_ID_BYTES.toLocaleString('en-US')} bytes`;
  return null;
}

/**
 * A Firestore document id, as every method takes it and the backend host reads its `:id`: one
 * document of the collection the method names, never a path.
 */
export const id = z.string().superRefine((text, ctx) => {
  const problem = idProblem(text);
  if (problem) ctx.addIssue({ code: 'custom', message: `A document id ${problem}.` });
});

/**
 * One administrator action (one click of Apply, one confirmation), made once by the renderer and
 * sent again with every retry of that action: the audit entry is stored under it, so a replay
 * answers the first outcome instead of applying twice.
 */
export const operationId = z.uuid();

/** How many of something: a whole number, never negative. */
export const count = z.number().int().nonnegative();

/** A stored date as an ISO string, or null when the document has none. */
export const isoDate = z.string().nullable();

/** Why and since when a customer is suspended, and by whom (src/shared/domain/suspension.ts reads it from their document). */
export const suspensionSchema = z.object({ reason: z.string(), at: isoDate, by: z.string().nullable() });
export type Suspension = z.output<typeof suspensionSchema>;

/**
 * A money change as the administrator sees it (the domain's Effect). `key` names the figure
 * ('users/abc.Totaldeposit'); answers stored before it existed have none.
 */
export const effectSchema = z.object({ key: z.string().optional(), label: z.string(), before: z.number(), after: z.number() });

/** Stored numbers a screen shows as they are, null when missing or not a number: one schema per name. */
export const nullableNumbers = <const K extends string>(names: readonly K[]) =>
  Object.fromEntries(names.map((name) => [name, z.number().nullable()])) as Record<K, z.ZodNullable<z.ZodNumber>>;

/** Stored text a screen shows as it is, null when missing: one schema per name. */
export const nullableStrings = <const K extends string>(names: readonly K[]) =>
  Object.fromEntries(names.map((name) => [name, z.string().nullable()])) as Record<K, z.ZodNullable<z.ZodString>>;
