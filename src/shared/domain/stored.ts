/**
 * Firestore's own value types as the main process's rules see them. The Firebase adapter knows a
 * stored value's class and converts it to one of these at the boundary (and back when writing), so
 * nothing here has to guess a type from a map's field names: a deposit with top-level `latitude`
 * and `longitude` fields is a map like any other, never a geo point.
 */

export class StoredTimestamp {
  constructor(
    readonly seconds: number,
    readonly nanoseconds: number
  ) {}

  toMillis(): number {
    return this.seconds * 1000 + Math.floor(this.nanoseconds / 1e6);
  }
}

export class StoredGeoPoint {
  constructor(
    readonly latitude: number,
    readonly longitude: number
  ) {}
}

/** A reference to another document, by its path ('users/abc'). */
export class StoredReference {
  constructor(readonly path: string) {}
}

export class StoredBytes {
  constructor(readonly base64: string) {}
}

export class StoredVector {
  constructor(readonly values: readonly number[]) {}
}

/** One of the tagged types above, or null for anything else (plain JSON values, maps, arrays). */
export type StoredSpecial = StoredTimestamp | StoredGeoPoint | StoredReference | StoredBytes | StoredVector;

export const isStoredSpecial = (value: unknown): value is StoredSpecial =>
  value instanceof StoredTimestamp ||
  value instanceof StoredGeoPoint ||
  value instanceof StoredReference ||
  value instanceof StoredBytes ||
  value instanceof StoredVector;

/** A moment (epoch milliseconds) as Firestore stores it. */
export const storedTimestampAt = (ms: number): StoredTimestamp => new StoredTimestamp(Math.floor(ms / 1000), (ms % 1000) * 1e6);
