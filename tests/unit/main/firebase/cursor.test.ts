import { fc, it as property } from '@fast-check/vitest';
import { Timestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '@main/firebase/cursor';
import { AppError } from '@shared/result';
import { idProblem } from '@shared/schemas/common';

/** A page cursor carries the last row's sort value and id, and comes back from the screen untrusted. */

const refusal = (cursor: string) => {
  try {
    decodeCursor(cursor);
  } catch (error) {
    return error instanceof AppError ? `${error.code}: ${error.message}` : `not an AppError: ${String(error)}`;
  }
  return 'accepted';
};
const REFUSED = 'VALIDATION: This page of the list can no longer be found. Load the list again from the top.';
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('page cursors', () => {
  it('give back the sort value and id of every kind a list sorts by', () => {
    const ts = new Timestamp(1_772_323_200, 123_000_000);
    const back = decodeCursor(encodeCursor(ts, 'dep-1'));
    expect(back.id).toBe('dep-1');
    expect(back.value).toBeInstanceOf(Timestamp);
    expect((back.value as Timestamp).isEqual(ts)).toBe(true);
    // The first and last instants Firestore can store.
    for (const edge of [new Timestamp(-62_135_596_800, 0), new Timestamp(253_402_300_799, 999_999_999)]) {
      expect((decodeCursor(encodeCursor(edge, 'x')).value as Timestamp).isEqual(edge)).toBe(true);
    }
    for (const value of [0, -5.25, 1e300, Number.MAX_VALUE, 'text', '', true, false, null]) {
      expect(decodeCursor(encodeCursor(value, 'x')).value).toEqual(value);
    }
    expect(decodeCursor(encodeCursor(Infinity, 'x')).value).toBe(Infinity);
    expect(decodeCursor(encodeCursor(-Infinity, 'x')).value).toBe(-Infinity);
    expect(decodeCursor(encodeCursor(NaN, 'x')).value).toBeNaN();
    // A missing sort value (no row is listed without one) becomes null rather than failing.
    expect(decodeCursor(encodeCursor(undefined, 'x')).value).toBeNull();
  });

  // Ids Firestore reserves ("__x__") are refused like any id the contract refuses.
  property.prop([fc.oneof(fc.double(), fc.string(), fc.boolean()), fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/).filter((id) => idProblem(id) === null)])(
    'round-trip any number, text or flag with any plain id, in the characters the contract allows',
    (value, id) => {
      const cursor = encodeCursor(value, id);
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      const back = decodeCursor(cursor);
      expect(back.id).toBe(id);
      if (typeof value === 'number' && Number.isNaN(value)) expect(back.value).toBeNaN();
      // -0 comes back as 0 (JSON has no -0); Firestore orders the two alike.
      else if (Object.is(value, -0)) expect(back.value).toBe(0);
      else expect(back.value).toEqual(value);
    }
  );

  it('refuse garbled and forged cursors as VALIDATION with one sentence, never anything else', () => {
    const real = encodeCursor(new Timestamp(1_772_323_200, 0), 'dep-1');
    for (const cursor of [
      '',
      'garbage',
      'dep-1', // an old-style document id
      real.slice(0, -3),
      b64(null),
      b64({ n: 1 }),
      b64([{ n: 1 }]),
      b64([{ n: 1 }, 'dep-1', 'extra']),
      b64([{ n: 1 }, 42]),
      b64([{ n: 1 }, '']),
      b64([{ n: 1 }, 'deposits/dep-1']),
      b64([{ n: 1 }, '__name__']),
      b64([{ n: 1 }, '.']),
      b64([{ n: 1 }, 'a'.repeat(1_501)]),
      b64([{ ts: [1e15, 0] }, 'dep-1']),
      b64([{ ts: [-1e11, 0] }, 'dep-1']), // before year 1: Firestore's Timestamp itself would throw
      b64([{ ts: [-62_135_596_801, 0] }, 'dep-1']),
      b64([{ ts: [253_402_300_800, 0] }, 'dep-1']),
      b64([{ ts: [1, -1] }, 'dep-1']),
      b64([{ ts: [1, 1e9] }, 'dep-1']),
      b64([{ ts: [1.5, 0] }, 'dep-1']),
      b64([{ ts: ['1', 0] }, 'dep-1']),
      b64([{ ts: [1] }, 'dep-1']),
      b64([{ nf: 'lots' }, 'dep-1']),
      b64([{ n: '5' }, 'dep-1']),
      b64([{ z: 2 }, 'dep-1']),
      b64([{}, 'dep-1']),
      b64(['dep-1', 'dep-1']),
      b64([null, 'dep-1'])
    ]) {
      expect(refusal(cursor), cursor).toBe(REFUSED);
    }
  });

  property.prop([fc.string({ unit: 'binary', maxLength: 200 })])('refuse or accept any text, and only ever refuse as VALIDATION', (text) => {
    const answer = refusal(Buffer.from(text).toString('base64url'));
    expect([REFUSED, 'accepted']).toContain(answer);
  });
});
