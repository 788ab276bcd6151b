import { describe, expect, it } from 'vitest';
import { id, idProblem, MAX_ID_BYTES } from '@shared/schemas/common';

const refusal = (value: unknown): string | null => {
  const parsed = id.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'refused');
};

describe('the shared document id schema', () => {
  it.each(['abc', 'u1', '...', 'a.b', '_x_', '__x', 'x__', 'ledgerdesk-demo-customer', 'Zoë', 'z'.repeat(MAX_ID_BYTES)])('accepts %j', (value) => {
    expect(refusal(value)).toBeNull();
  });

  it.each([
    ['', 'A document id must not be empty.'],
    ['x/sub/y', "A document id must not contain '/'."],
    ['/', "A document id must not contain '/'."],
    ['a/', "A document id must not contain '/'."],
    ['.', 'A document id must not be ".".'],
    ['..', 'A document id must not be "..".'],
    ['__name__', 'A document id must not start and end with "__" (Firestore reserves those ids).'],
    ['__.*__', 'A document id must not start and end with "__" (Firestore reserves those ids).'],
    ['____', 'A document id must not start and end with "__" (Firestore reserves those ids).'],
    ['z'.repeat(MAX_ID_BYTES + 1), 'A document id must be at most 1,500 bytes.'],
    // 751 two-byte characters: 751 characters, 1,502 bytes.
    ['é'.repeat(751), 'A document id must be at most 1,500 bytes.'],
    ['😀'.repeat(376), 'A document id must be at most 1,500 bytes.']
  ])('refuses %j with a clear message', (value, message) => {
    expect(refusal(value)).toBe(message);
  });

  it('counts UTF-8 bytes, not characters: 500 three-byte characters are exactly the limit', () => {
    expect(idProblem('€'.repeat(500))).toBeNull();
    expect(idProblem(`${'€'.repeat(500)}a`)).toBe('must be at most 1,500 bytes');
  });

  it.each([42, null, undefined, { id: 'a' }])('refuses %j, which is not text', (value) => {
    expect(refusal(value)).not.toBeNull();
  });
});
