import { Bytes, doc, DocumentReference, GeoPoint, Timestamp, VectorValue, vector, type Firestore } from 'firebase/firestore';
import { StoredBytes, StoredGeoPoint, StoredReference, StoredTimestamp, StoredVector } from '../../shared/domain/stored';

/**
 * The boundary between Firestore's value classes and the tagged ones the rules see
 * (src/shared/domain/stored.ts). Here the class of each value is known, so a map is a map whatever
 * its field names, and a geo point is a geo point because the SDK made it one.
 */
export function fromFirestore(value: unknown): unknown {
  if (value instanceof Timestamp) return new StoredTimestamp(value.seconds, value.nanoseconds);
  if (value instanceof GeoPoint) return new StoredGeoPoint(value.latitude, value.longitude);
  if (value instanceof DocumentReference) return new StoredReference(value.path);
  if (value instanceof Bytes) return new StoredBytes(value.toBase64());
  if (value instanceof VectorValue) return new StoredVector(value.toArray());
  if (Array.isArray(value)) return value.map(fromFirestore);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, fromFirestore(inner)]));
  }
  return value;
}

export const dataFromFirestore = (data: Record<string, unknown>): Record<string, unknown> => fromFirestore(data) as Record<string, unknown>;

/** The way back, for values a rule copies from what it read into what it writes (an audit entry's before). */
export function toFirestore(db: Firestore, value: unknown): unknown {
  if (value instanceof StoredTimestamp) return new Timestamp(value.seconds, value.nanoseconds);
  if (value instanceof StoredGeoPoint) return new GeoPoint(value.latitude, value.longitude);
  if (value instanceof StoredReference) return doc(db, value.path);
  if (value instanceof StoredBytes) return Bytes.fromBase64String(value.base64);
  if (value instanceof StoredVector) return vector([...value.values]);
  if (Array.isArray(value)) return value.map((inner) => toFirestore(db, inner));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, toFirestore(db, inner)]));
  }
  return value;
}
