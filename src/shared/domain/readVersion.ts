import type { Changeset } from './changeset';
import { StoredBytes, StoredGeoPoint, StoredReference, StoredTimestamp, StoredVector } from './stored';

/**
 * What a status change read, written out so that two reads of the same facts give the same text
 * and any change to one of them gives another. A preview hands its version to the confirmation;
 * the commit re-reads, rebuilds the version and refuses when it differs (docs/product-rules.md,
 * "What a decision's version covers").
 *
 * The version covers:
 * - the record itself, every field of it (its amount, its customer, its status, anything else);
 * - any other record the rule reads (a deposit's linked investment), every field;
 * - of each customer document the rule reads (the depositor, the referrers, the withdrawer): that it
 *   exists, the facts a rule reads from it (CUSTOMER_FACTS), and, by value, each figure the change
 *   moves (a Totaldeposit, a referrer's balance, a refunded balance).
 *
 * The figures are listed apart, by name and stored value, so that a bulk run can say what its own
 * earlier records moved (rebaseVersion): five deposits of one customer each expect the Total
 * deposit the previous one left, while a change anyone else made to that figure is still refused.
 * Update times would be the natural token, but the web SDK's reads do not expose them.
 */

/** One document as a rule read it: its path, and its data or null when it does not exist. */
export interface ReadDocument {
  path: string;
  data: Record<string, unknown> | null;
}

/**
 * The customer fields a status rule reads besides the figures it moves: who they are, their
 * referral codes, and whether they are suspended (an approval then needs an override).
 */
export const CUSTOMER_FACTS = ['email', 'fullname', 'referreduserid', 'myReferralId', 'suspended'] as const;

/** 'users/abc.Totaldeposit' and the stored value as canonical text. */
export type FigureRead = [key: string, value: string];

const isPlainMap = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/**
 * One stored value, tagged so that 1 and "1", null and a missing field, 0 and -0, NaN and null
 * never write the same text. Firestore's own types arrive as the tagged classes of ./stored, told
 * apart by class; every plain map is a map, whatever its field names.
 */
export function canonicalValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  switch (typeof value) {
    case 'boolean':
      return `b:${value}`;
    case 'number':
      return Object.is(value, -0) ? 'n:-0' : `n:${value}`;
    case 'bigint':
      return `i:${value}`;
    case 'string':
      return `s:${JSON.stringify(value)}`;
    case 'object':
      break;
    default:
      return `?:${typeof value}`;
  }
  if (Array.isArray(value)) return `[${value.map(canonicalValue).join(',')}]`;
  if (value instanceof StoredTimestamp) return `t:${value.seconds}.${value.nanoseconds}`;
  if (value instanceof StoredReference) return `r:${JSON.stringify(value.path)}`;
  if (value instanceof StoredGeoPoint) return `g:${value.latitude},${value.longitude}`;
  if (value instanceof StoredBytes) return `y:${value.base64}`;
  if (value instanceof StoredVector) return `v:${canonicalValue([...value.values])}`;
  if (value instanceof Date) return `d:${value.getTime()}`;
  if (!isPlainMap(value)) return `?:${Object.prototype.toString.call(value)}`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalValue(value[key])}`).join(',')}}`;
}

const isCustomer = (path: string) => path.startsWith('users/');

/** A customer document as the version covers it: the facts a rule reads, never its figures. */
const customerFacts = (data: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(CUSTOMER_FACTS.filter((field) => field in data).map((field) => [field, data[field]]));

/**
 * Every document read, once each, in path order (the same reads in any order give the same text,
 * and a referrer who appears or disappears between two reads changes it): the record and other
 * records whole, customers by CUSTOMER_FACTS.
 */
export function readsText(reads: readonly ReadDocument[]): string {
  const byPath = new Map<string, ReadDocument['data']>();
  for (const read of reads) byPath.set(read.path, read.data);
  return [...byPath.keys()]
    .sort()
    .map((path) => {
      const data = byPath.get(path);
      if (!data) return `${JSON.stringify(path)}=missing`;
      return `${JSON.stringify(path)}=${canonicalValue(isCustomer(path) ? customerFacts(data) : data)}`;
    })
    .join('\n');
}

/**
 * The figures a decision moves on customer documents ('users/abc.Totaldeposit'), each with the
 * value stored when it was read; none for a refused decision. Sorted, so the text is stable.
 */
export function figuresRead(reads: readonly ReadDocument[], decision: Changeset | null): FigureRead[] {
  if (!decision) return [];
  const stored = new Map(reads.map((read) => [read.path, read.data]));
  const figures: FigureRead[] = [];
  for (const change of decision.changes) {
    if (!isCustomer(change.path)) continue;
    const data = stored.get(change.path) ?? null;
    for (const field of Object.keys(change.set)) figures.push([`${change.path}.${field}`, canonicalValue(data?.[field])]);
  }
  return figures.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

const VERSION_PREFIX = 'v2';

const toBase64Url = (text: string): string => {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

const fromBase64Url = (text: string): string | null => {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
};

/** The version a preview answers: the digest of readsText (made in the main process) and the figures by value. */
export const versionText = (digest: string, figures: readonly FigureRead[]): string => `${VERSION_PREFIX}.${digest}.${toBase64Url(JSON.stringify(figures))}`;

function figuresOfVersion(version: string): { head: string; figures: FigureRead[] } | null {
  const parts = version.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION_PREFIX) return null;
  const json = fromBase64Url(parts[2]!);
  if (json === null) return null;
  try {
    const figures: unknown = JSON.parse(json);
    const valid = Array.isArray(figures) && figures.every((f) => Array.isArray(f) && f.length === 2 && typeof f[0] === 'string' && typeof f[1] === 'string');
    return valid ? { head: `${parts[0]}.${parts[1]}`, figures: figures as FigureRead[] } : null;
  } catch {
    return null;
  }
}

/**
 * The version a record of a bulk run expects once the run's earlier records have committed: each
 * figure they moved (key -> the value they wrote) is expected at that value, everything else as the
 * preview read it.
 * A version in another form is returned as it is (the commit will judge it).
 */
export function rebaseVersion(version: string, moved: ReadonlyMap<string, number>): string {
  const parsed = figuresOfVersion(version);
  if (!parsed || parsed.figures.every(([key]) => !moved.has(key))) return version;
  const figures = parsed.figures.map(([key, value]): FigureRead => [key, moved.has(key) ? canonicalValue(moved.get(key)) : value]);
  return `${parsed.head}.${toBase64Url(JSON.stringify(figures))}`;
}
