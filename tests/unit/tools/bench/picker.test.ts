import { describe, expect, it } from 'vitest';
import { matchesInMemory, typedPrefix } from '../../../../tools/bench/picker';

describe('matchesInMemory', () => {
  it('matches an e-mail or a name prefix in any case', () => {
    expect(matchesInMemory('ELEN', { email: 'elena.kim@mail.com' })).toBe(true);
    expect(matchesInMemory('elen', { email: 'x@mail.com', fullname: 'Elena Kim' })).toBe(true);
    expect(matchesInMemory('kim', { email: 'elena.kim@mail.com', fullname: 'Elena Kim' })).toBe(false);
    expect(matchesInMemory('elen', { email: 42 })).toBe(false);
  });
});

describe('typedPrefix', () => {
  const emails = ['o.kim1@mail.com', 'elena.kim2@mail.com', 'kimelena3@mail.com'];

  it('takes the first four letters of the first address at or after the index that starts with letters', () => {
    expect(typedPrefix(emails, 0)).toBe('elen');
    expect(typedPrefix(['kim.elena@x.com', 'olivia@x.com'], 0)).toBe('oliv');
    expect(typedPrefix(emails, 2)).toBe('kime');
  });

  it('wraps around, and fails when no address qualifies', () => {
    expect(typedPrefix(['Elena@x.com', 'a.b@x.com'], 1)).toBe('elen');
    expect(() => typedPrefix(['a.b@x.com'])).toThrow(/No e-mail/);
  });
});
