import { describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase/firestore';
import { canonicalValue, readsText } from '../../../src/shared/domain/readVersion';

describe('the text a read version is made from', () => {
  it('is the same whatever the key order, and differs for values of another type', () => {
    expect(canonicalValue({ a: 1, b: { c: 'x', d: [1, 2] } })).toBe(canonicalValue({ b: { d: [1, 2], c: 'x' }, a: 1 }));
    const distinct = [1, '1', null, undefined, NaN, 0, -0, true, 'true', [], {}, [1], { 0: 1 }];
    expect(new Set(distinct.map(canonicalValue)).size).toBe(distinct.length);
  });

  it('sees a changed timestamp, down to the nanosecond', () => {
    const at = new Timestamp(1_767_225_600, 0);
    expect(canonicalValue({ at })).toBe(canonicalValue({ at: new Timestamp(1_767_225_600, 0) }));
    expect(canonicalValue({ at })).not.toBe(canonicalValue({ at: new Timestamp(1_767_225_600, 1) }));
  });

  it('sees a cent moved on a balance', () => {
    expect(canonicalValue({ balance: 0.3 })).not.toBe(canonicalValue({ balance: 0.1 + 0.2 }));
  });

  it('lists each document once, in path order, and tells a missing document from an empty one', () => {
    const a = { path: 'users/a', data: { balance: 1 } };
    const b = { path: 'deposits/b', data: { amount: 2 } };
    expect(readsText([a, b, a])).toBe(readsText([b, a]));
    expect(readsText([{ path: 'users/a', data: null }])).not.toBe(readsText([{ path: 'users/a', data: {} }]));
  });

  it('changes when another document appears among the reads (a second referrer)', () => {
    const one = [{ path: 'users/r1', data: { myReferralId: 'X' } }];
    expect(readsText(one)).not.toBe(readsText([...one, { path: 'users/r2', data: { myReferralId: 'X' } }]));
  });
});
