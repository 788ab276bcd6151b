/**
 * What a status change read, written out so that two reads of the same documents give the same
 * text and any change to any of them gives another. A preview hands its version to the
 * confirmation; the commit re-reads, rebuilds the text and refuses when it differs.
 *
 * Update times would be the natural token, but the web SDK's getDoc and transaction reads do not
 * expose a document's updateTime, so the version is built from each document's path, whether it
 * exists, and its data in a canonical form (keys sorted, every value tagged with its type).
 */

/** One document as a rule read it: its path, and its data or null when it does not exist. */
export interface ReadDocument {
  path: string;
  data: Record<string, unknown> | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const has = (value: Record<string, unknown>, key: string, type: string): boolean => typeof value[key] === type;

/**
 * One stored value, tagged so that 1 and "1", null and a missing field, 0 and -0, NaN and null
 * never write the same text. Firestore's own types (timestamps, references, geo points, bytes,
 * vectors) are recognised by shape, so this file needs no Firebase import.
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
  if (!isObject(value)) return '?';
  if (has(value, 'seconds', 'number') && has(value, 'nanoseconds', 'number') && has(value, 'toMillis', 'function')) {
    return `t:${String(value.seconds)}.${String(value.nanoseconds)}`;
  }
  if (value.type === 'document' && has(value, 'path', 'string')) return `r:${JSON.stringify(value.path)}`;
  if (has(value, 'latitude', 'number') && has(value, 'longitude', 'number')) return `g:${String(value.latitude)},${String(value.longitude)}`;
  if (has(value, 'toBase64', 'function')) return `y:${String((value.toBase64 as () => string)())}`;
  if (has(value, 'toArray', 'function')) return `v:${canonicalValue((value.toArray as () => unknown)())}`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalValue(value[key])}`).join(',')}}`;
}

/**
 * Every document read, once each, in path order: the same reads in any order give the same text,
 * and a referrer who appears or disappears between two reads changes it.
 */
export function readsText(reads: readonly ReadDocument[]): string {
  const byPath = new Map<string, ReadDocument['data']>();
  for (const read of reads) byPath.set(read.path, read.data);
  return [...byPath.keys()]
    .sort()
    .map((path) => {
      const data = byPath.get(path);
      return `${JSON.stringify(path)}=${data ? canonicalValue(data) : 'missing'}`;
    })
    .join('\n');
}
