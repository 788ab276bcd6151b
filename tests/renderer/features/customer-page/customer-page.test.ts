import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Page, CustomerProfile, CustomerRow, CustomerSearchResult } from '@shared/contract';
import { patchUser, removeUser } from '@renderer/modules/customers/customer-actions';
import { sameEmail } from '@renderer/features/customer-page/api/customer-page';
import { firstName, tabOf } from '@renderer/features/customer-page/tabs';

const row = (id: string, balance = 10): CustomerRow => ({ id, fullname: `Name ${id}`, email: `${id}@example.org`, balance, verified: false }) as CustomerRow;

describe('customer page', () => {
  it('opens Deposits unless the URL names another tab', () => {
    expect(tabOf(null)).toBe('deposits');
    expect(tabOf('audit')).toBe('audit');
    expect(tabOf('nonsense')).toBe('deposits');
  });

  it('names the customer by first name in empty states, else by e-mail', () => {
    expect(firstName('Olivia  Chen', 'o@x.com')).toBe('Olivia');
    expect(firstName(null, 'o@x.com')).toBe('o@x.com');
    expect(firstName('  ', null)).toBe('This customer');
  });

  it('matches an e-mail exactly, whatever its case, and not by prefix', () => {
    expect(sameEmail('Ann@Example.org', 'ann@example.org ')).toBe(true);
    expect(sameEmail('ann@example.org', 'ann@example.or')).toBe(false);
    expect(sameEmail(null, 'ann@example.org')).toBe(false);
  });
});

describe("a customer's change shows in every cached view of them", () => {
  const seed = () => {
    const client = new QueryClient();
    const page: Page<CustomerRow> = { rows: [row('a'), row('b')], nextCursor: null, total: 2, unlisted: 0 };
    client.setQueryData(['users', 'list', { verified: 'no' }], { pages: [page], pageParams: [null] });
    client.setQueryData<CustomerSearchResult>(['users', 'search', 'name'], { rows: [row('b')], limit: 20, queries: [] });
    client.setQueryData(['users', 'profile', 'b'], { ...row('b'), suspension: null, referralCode: null, referredBy: null } satisfies CustomerProfile);
    client.setQueryData(['users', 'profile', 'a'], { ...row('a'), suspension: null, referralCode: null, referredBy: null } satisfies CustomerProfile);
    return client;
  };

  it('patches list pages under any filter, searches and the profile, and only that customer', () => {
    const client = seed();
    patchUser(client, 'b', { balance: 99, verified: true });
    const list = client.getQueryData<{ pages: Page<CustomerRow>[] }>(['users', 'list', { verified: 'no' }]);
    expect(list?.pages[0]?.rows.map((r) => r.balance)).toEqual([10, 99]);
    expect(client.getQueryData<CustomerSearchResult>(['users', 'search', 'name'])?.rows[0]?.verified).toBe(true);
    expect(client.getQueryData<CustomerProfile>(['users', 'profile', 'b'])?.balance).toBe(99);
    expect(client.getQueryData<CustomerProfile>(['users', 'profile', 'a'])?.balance).toBe(10);
  });

  it('removes a deleted customer from lists (one fewer in the total) and searches', () => {
    const client = seed();
    removeUser(client, 'b');
    const list = client.getQueryData<{ pages: Page<CustomerRow>[] }>(['users', 'list', { verified: 'no' }]);
    expect(list?.pages[0]?.rows.map((r) => r.id)).toEqual(['a']);
    expect(list?.pages[0]?.total).toBe(1);
    expect(client.getQueryData<CustomerSearchResult>(['users', 'search', 'name'])?.rows).toEqual([]);
  });
});
