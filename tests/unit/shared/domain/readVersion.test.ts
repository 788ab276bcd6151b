import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { changeDepositStatus } from '@shared/domain/deposits';
import { canonicalValue, figuresRead, readsText, rebaseVersion, versionText } from '@shared/domain/readVersion';
import { StoredBytes, StoredGeoPoint, StoredReference, StoredTimestamp } from '@shared/domain/stored';
import { customer, deposit, PLATFORM } from '../../../support/builders';

describe('the text a read version is made from', () => {
  it('is the same whatever the key order, and differs for values of another type', () => {
    expect(canonicalValue({ a: 1, b: { c: 'x', d: [1, 2] } })).toBe(canonicalValue({ b: { d: [1, 2], c: 'x' }, a: 1 }));
    const distinct = [1, '1', null, undefined, NaN, 0, -0, true, 'true', [], {}, [1], { 0: 1 }];
    expect(new Set(distinct.map(canonicalValue)).size).toBe(distinct.length);
  });

  it('sees a changed timestamp, down to the nanosecond', () => {
    const at = new StoredTimestamp(1_767_225_600, 0);
    expect(canonicalValue({ at })).toBe(canonicalValue({ at: new StoredTimestamp(1_767_225_600, 0) }));
    expect(canonicalValue({ at })).not.toBe(canonicalValue({ at: new StoredTimestamp(1_767_225_600, 1) }));
  });

  it('tells stored types apart by class, never by a map that looks like one', () => {
    const point = new StoredGeoPoint(48.85, 2.35);
    expect(canonicalValue(point)).not.toBe(canonicalValue({ latitude: 48.85, longitude: 2.35 }));
    expect(canonicalValue(new StoredReference('users/a'))).not.toBe(canonicalValue({ type: 'document', path: 'users/a' }));
    expect(canonicalValue(new StoredBytes('AAE='))).not.toBe(canonicalValue({ base64: 'AAE=' }));
    expect(canonicalValue(new StoredTimestamp(1, 2))).not.toBe(canonicalValue({ seconds: 1, nanoseconds: 2, toMillis: () => 1000 }));
  });

  it('sees a cent moved on a balance', () => {
    expect(canonicalValue({ balance: 0.3 })).not.toBe(canonicalValue({ balance: 0.1 + 0.2 }));
  });

  it('lists each document once, in path order, and tells a missing document from an empty one', () => {
    const a = { path: 'users/a', data: { email: 'a@example.com' } };
    const b = { path: 'deposits/b', data: { amount: 2 } };
    expect(readsText([a, b, a])).toBe(readsText([b, a]));
    expect(readsText([{ path: 'users/a', data: null }])).not.toBe(readsText([{ path: 'users/a', data: {} }]));
  });

  it('changes when another document appears among the reads (a second referrer)', () => {
    const one = [{ path: 'users/r1', data: { myReferralId: 'X' } }];
    expect(readsText(one)).not.toBe(readsText([...one, { path: 'users/r2', data: { myReferralId: 'X' } }]));
  });

  it('covers a customer by the facts a rule reads, not by figures it does not move', () => {
    const read = (data: Record<string, unknown>) => readsText([{ path: 'users/a', data }]);
    const base = { email: 'a@example.com', fullname: 'A', referreduserid: 'R1', myReferralId: 'M', balance: 5, verified: false };
    expect(read({ ...base, balance: 6, verified: true, withdrawalLimit: 9 })).toBe(read(base));
    for (const field of ['email', 'fullname', 'referreduserid', 'myReferralId']) {
      expect(read({ ...base, [field]: 'changed' })).not.toBe(read(base));
    }
  });

  // Records whose fields look like Firestore types (top-level latitude/longitude, type and path,
  // seconds and nanoseconds) are still read field by field: only the amount differs, never the text.
  const lookalike = fc.record({
    latitude: fc.double({ noNaN: true }),
    longitude: fc.double({ noNaN: true }),
    type: fc.constantFrom('document', 'x'),
    path: fc.constantFrom('users/u1', 'deposits/d1'),
    seconds: fc.integer(),
    nanoseconds: fc.integer({ min: 0, max: 999_999_999 }),
    base64: fc.string()
  });
  const cents = fc.integer({ min: 0, max: 100_000_000_00 }).map((c) => c / 100);

  test.prop([lookalike, cents, cents])('two records that differ only in amount never share a version', (fields, a, b) => {
    fc.pre(a !== b);
    const record = (amount: number) => readsText([{ path: 'deposits/d1', data: { ...fields, amount, status: 'pending' } }]);
    expect(record(a)).not.toBe(record(b));
  });
});

describe('the figures a version names, and a bulk run rebasing them', () => {
  const depositor = customer('u1', { Totaldeposit: 100 });
  const decision = (total: number) => {
    const decided = changeDepositStatus({ deposit: deposit(), depositor: customer('u1', { Totaldeposit: total }), platformName: PLATFORM }, 'success');
    if (!decided.ok) throw new Error(decided.error.message);
    return decided.value;
  };
  const reads = (total: number) => [
    { path: 'deposits/d1', data: deposit().data },
    { path: 'users/u1', data: { ...depositor.data, Totaldeposit: total } }
  ];
  const version = (total: number) => versionText('digest', figuresRead(reads(total), decision(total)));

  it('names each figure the decision moves on a customer, with the value stored when read', () => {
    expect(figuresRead(reads(100), decision(100))).toEqual([['users/u1.Totaldeposit', 'n:100']]);
    expect(figuresRead(reads(100), null)).toEqual([]);
  });

  it("expects what the run's earlier records left, and nothing else moves", () => {
    const afterFirst = new Map([['users/u1.Totaldeposit', 223.45]]);
    expect(rebaseVersion(version(100), afterFirst)).toBe(version(223.45));
    expect(rebaseVersion(version(100), new Map([['users/other.balance', 1]]))).toBe(version(100));
  });

  it('leaves a version of another form as it is, for the commit to refuse', () => {
    expect(rebaseVersion('v1.abc', new Map([['users/u1.Totaldeposit', 1]]))).toBe('v1.abc');
    expect(rebaseVersion('v2.abc.!!!', new Map([['users/u1.Totaldeposit', 1]]))).toBe('v2.abc.!!!');
  });
});
