import { useQuery, type InfiniteData } from '@tanstack/react-query';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { Badge } from '../../components/ui/Badge';
import { api, call } from '../../lib/api';
import { rootKeys } from '../../lib/query-keys';
import type { Page } from '@shared/contract';

/**
 * Which customers on a list are suspended (docs/product-rules.md §6.9), so every list marks them.
 * One lookup per 100 customers shown (users.suspendedAmong reads only the suspended ones); under
 * 'users', so suspending or lifting a suspension refreshes the marks.
 */
interface Marks {
  ids: ReadonlySet<string>;
  emails: ReadonlySet<string>;
}

const SuspendedContext = createContext<Marks | null>(null);
const LOOKUP = 100;

export interface ListedCustomer {
  userId?: string | null;
  email: string | null;
}

async function lookUp(ids: string[], emails: string[]): Promise<Marks> {
  const found = { ids: new Set<string>(), emails: new Set<string>() };
  for (let i = 0; i < Math.max(ids.length, emails.length); i += LOOKUP) {
    const page = await call(() => api().users.suspendedAmong({ ids: ids.slice(i, i + LOOKUP), emails: emails.slice(i, i + LOOKUP) }));
    page.ids.forEach((id) => found.ids.add(id));
    page.emails.forEach((email) => found.emails.add(email.toLowerCase()));
  }
  return found;
}

const NONE: readonly ListedCustomer[] = [];

/**
 * The customers a paged list has loaded so far, for SuspendedMarks: each row itself (a money
 * record, a drifted customer), or the customers `of` names in it (a referral names two).
 */
export function customersLoaded<T>(data: InfiniteData<Page<T>> | undefined, of: (row: T) => readonly ListedCustomer[]): readonly ListedCustomer[];
export function customersLoaded<T extends ListedCustomer>(data: InfiniteData<Page<T>> | undefined): readonly ListedCustomer[];
export function customersLoaded<T>(data: InfiniteData<Page<T>> | undefined, of?: (row: T) => readonly ListedCustomer[]): readonly ListedCustomer[] {
  // Without `of` the rows are customers themselves (the second signature says so).
  const customersOf = of ?? ((row: T) => [row as ListedCustomer]);
  return data?.pages.flatMap((page) => page.rows.flatMap(customersOf)) ?? NONE;
}

/** Around a list: looks up the customers of its rows (by id where a row has one, else by e-mail). */
export function SuspendedMarks({ customers, children }: { customers: readonly ListedCustomer[]; children: ReactNode }) {
  const [ids, emails] = useMemo(() => {
    const byId = new Set<string>();
    const byEmail = new Set<string>();
    for (const customer of customers) {
      if (customer.userId) byId.add(customer.userId);
      else if (customer.email) byEmail.add(customer.email);
    }
    return [[...byId].sort(), [...byEmail].sort()];
  }, [customers]);
  const marks = useQuery({
    queryKey: [...rootKeys.users, 'suspendedAmong', ids, emails],
    queryFn: () => lookUp(ids, emails),
    enabled: ids.length + emails.length > 0,
    staleTime: 30_000,
    placeholderData: (previous) => previous,
    meta: { silent: true }
  });
  return <SuspendedContext.Provider value={marks.data ?? null}>{children}</SuspendedContext.Provider>;
}

export function useSuspendedMark({ userId, email }: ListedCustomer): boolean {
  const marks = useContext(SuspendedContext);
  if (!marks) return false;
  return userId ? marks.ids.has(userId) : email !== null && marks.emails.has(email.toLowerCase());
}

/** "Suspended", red, beside a customer's name or e-mail. */
export function SuspendedBadge() {
  return (
    <Badge tone="danger" title="Suspended: cannot sign in; approving their withdrawals needs an override reason">
      Suspended
    </Badge>
  );
}

/** The badge where the list knows this customer is suspended. */
export function SuspendedMark(customer: ListedCustomer) {
  return useSuspendedMark(customer) ? <SuspendedBadge /> : null;
}
