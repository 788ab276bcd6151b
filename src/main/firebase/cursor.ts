import {
  documentId,
  limit,
  orderBy,
  startAfter,
  Timestamp,
  type DocumentData,
  type OrderByDirection,
  type QueryConstraint,
  type QuerySnapshot
} from 'firebase/firestore';
import { idProblem } from '../../shared/schemas/common';
import { AppError } from '../../shared/result';

/**
 * A page cursor carries the last row's sort value and id, so the next page starts after them
 * without reading that row again: a page reads its rows plus one, on page 1 and on page 10.
 * Opaque to the screens (base64url of a small JSON), checked here on the way back in.
 */

type Encoded = { ts: [number, number] } | { n: number } | { nf: string } | { s: string } | { b: boolean } | { z: 1 };

const encodeValue = (value: unknown): Encoded => {
  if (value instanceof Timestamp) return { ts: [value.seconds, value.nanoseconds] };
  if (typeof value === 'number') return Number.isFinite(value) ? { n: value } : { nf: String(value) };
  if (typeof value === 'string') return { s: value };
  if (typeof value === 'boolean') return { b: value };
  return { z: 1 };
};

const INVALID = 'This page of the list can no longer be found. Load the list again from the top.';

const decodeValue = (value: unknown): unknown => {
  if (!value || typeof value !== 'object') throw new AppError('VALIDATION', INVALID);
  const v = value as Record<string, unknown>;
  if (Array.isArray(v.ts) && v.ts.length === 2 && v.ts.every((x) => Number.isInteger(x))) {
    const [seconds, nanos] = v.ts as [number, number];
    // Firestore's own range (years 1 to 9999): outside it the Timestamp constructor throws an error
    // of its own, which would reach the administrator as an internal error instead of this sentence.
    if (nanos < 0 || nanos > 999_999_999 || seconds < -62_135_596_800 || seconds > 253_402_300_799) throw new AppError('VALIDATION', INVALID);
    return new Timestamp(seconds, nanos);
  }
  if (typeof v.n === 'number') return v.n;
  if (v.nf === 'Infinity' || v.nf === '-Infinity' || v.nf === 'NaN') return Number(v.nf);
  if (typeof v.s === 'string') return v.s;
  if (typeof v.b === 'boolean') return v.b;
  if (v.z === 1) return null;
  throw new AppError('VALIDATION', INVALID);
};

export function encodeCursor(value: unknown, id: string): string {
  return Buffer.from(JSON.stringify([encodeValue(value), id])).toString('base64url');
}

export function decodeCursor(cursor: string): { value: unknown; id: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('VALIDATION', INVALID);
  }
  if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[1] !== 'string' || idProblem(parsed[1])) {
    throw new AppError('VALIDATION', INVALID);
  }
  return { value: decodeValue(parsed[0]), id: parsed[1] };
}

/**
 * The rows of a page read with one row more than it shows (limit pageSize + 1): that extra row says
 * a next page exists, which starts after the last row shown, by the field the page is sorted on.
 */
export function rowsAndCursor<Row>(
  snapshot: QuerySnapshot,
  pageSize: number,
  sortField: string,
  toRow: (id: string, data: DocumentData) => Row
): { rows: Row[]; nextCursor: string | null } {
  const docs = snapshot.docs.slice(0, pageSize);
  const last = docs.at(-1);
  return {
    rows: docs.map((d) => toRow(d.id, d.data())),
    nextCursor: snapshot.docs.length > pageSize && last ? encodeCursor(last.get(sortField), last.id) : null
  };
}

/** Sorted by `field`, then by document id: rows sharing a value keep one order from page to page, and a cursor names one row. */
export const byFieldThenId = (field: string, direction: OrderByDirection): QueryConstraint[] => [orderBy(field, direction), orderBy(documentId(), direction)];

/** The end of a page's query: after the cursor's row (from the top without one), one row more than the page shows. */
export function pageAfter(cursor: string | null | undefined, pageSize: number): QueryConstraint[] {
  const after = cursor ? decodeCursor(cursor) : null;
  return [...(after ? [startAfter(after.value, after.id)] : []), limit(pageSize + 1)];
}
