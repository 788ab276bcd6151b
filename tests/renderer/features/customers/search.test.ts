import { describe, expect, it } from 'vitest';
import type { CustomerRow } from '@shared/contract';
import { matchesCustomer, normalizeSearch, searchSummary } from '@renderer/features/customers/search';

const user = (fullname: string | null, email: string | null) => ({ id: 'u', fullname, email }) as CustomerRow;

describe('the users search', () => {
  it('matches a case-insensitive part of the full name or the e-mail', () => {
    const olivia = user('Olivia Johnson', 'olivia.j@gmail.com');
    expect(matchesCustomer(olivia, normalizeSearch('  JOHN '))).toBe(true);
    expect(matchesCustomer(olivia, normalizeSearch('gmail'))).toBe(true);
    expect(matchesCustomer(olivia, normalizeSearch('smith'))).toBe(false);
    expect(matchesCustomer(olivia, '')).toBe(true);
  });

  it('a customer without a name or e-mail matches only the empty search', () => {
    expect(matchesCustomer(user(null, null), 'a')).toBe(false);
    expect(matchesCustomer(user(null, 'a@b.c'), 'b.c')).toBe(true);
  });

  it('says what Enter found, and when Firestore stopped at its limit', () => {
    expect(searchSummary(0, false, 10)).toBe('No other customers match.');
    expect(searchSummary(3, false, 10)).toBe('Also searched all customers: 3 more found beyond the loaded pages.');
    expect(searchSummary(10, true, 10)).toBe(
      'Also searched all customers: 10 more found beyond the loaded pages. Firestore returned its first 10 matches per field; type more of the e-mail or name to narrow it.'
    );
  });
});
