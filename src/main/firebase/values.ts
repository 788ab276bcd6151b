import { Timestamp, type DocumentData } from 'firebase/firestore';

/** Converters from stored values to what crosses the boundary: no Firestore type ever leaves main. */

export const isoOf = (value: unknown): string | null => {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === 'string' || typeof value === 'number') {
    const date = new Date(value);
    return value !== '' && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
  }
  return null;
};

export const textOf = (value: unknown): string | null => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null);

/**
 * A stored status as text for the rows. Anything that is not text (true, a map) still shows as
 * something, so the row's lock names the odd value instead of offering the status as open.
 */
export const statusTextOf = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);

export const numberOf = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** An amount as a number when it is one; otherwise its stored text, so the screen can say what is wrong. */
export const amountOf = (value: unknown): { amount: number | null; amountRaw: string | null } => {
  const amount = numberOf(value);
  if (amount !== null) return { amount, amountRaw: null };
  return { amount: null, amountRaw: value === undefined || value === null ? null : String(value) };
};

/** Audit before/after maps may hold Timestamps; they cross as ISO strings. */
export const plainOf = (value: unknown): unknown => {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (Array.isArray(value)) return value.map(plainOf);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainOf(v)]));
  }
  return value;
};

/**
 * The named fields of a stored record, each through its converter: a row field is stored under the
 * name it crosses with, so the name is written once (`{ plan: textOf }`, not `plan: textOf(d.plan)`).
 */
export function fieldsOf<R extends Record<string, (value: unknown) => unknown>>(stored: DocumentData, converters: R): { [K in keyof R]: ReturnType<R[K]> } {
  return Object.fromEntries(Object.entries(converters).map(([name, convert]) => [name, convert(stored[name])])) as { [K in keyof R]: ReturnType<R[K]> };
}
