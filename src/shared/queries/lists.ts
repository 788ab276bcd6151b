import type { QueryShape } from './shape';
import { listOrders, type ListOrder } from './order';
import { dueQueries } from './due';
import { riskQueries } from './risk';
import { approvalQueries } from './approvals';
import type { MoneyFilters } from '../schemas/lists';

/**
 * Every list Ledgerdesk pages through, described once: which filters it takes (and the stored
 * field each one compares), the date it sorts and ranges by, and the amount "largest" sorts by.
 * The Firestore queries, the indexes they need and the choices a screen offers all come from here.
 */

export { listOrders, type ListOrder };

export interface ListDefinition {
  collection: string;
  /** Equality filters: the filter's name -> the stored field it compares. */
  filters: Readonly<Record<string, string>>;
  /** Filters that are one choice on screen (a customer by id or by e-mail): at most one at a time. */
  oneOf?: readonly (readonly string[])[];
  /** Filters whose stored field is an array holding the value (array-contains). */
  contains?: readonly string[];
  /** Filter values Firestore cannot list (it has no "field is missing" query), with the reason. */
  unlistable?: Readonly<Record<string, { value: unknown; reason: string }>>;
  /** newest and oldest sort by it; from/to range over it. */
  date: string;
  /** largest sorts by it (descending); null when the list has no amount. */
  amount: string | null;
  orders: readonly ListOrder[];
}

const money = (collection: string, date: string, customer: Record<string, string>): ListDefinition => ({
  collection,
  filters: { status: 'status', ...customer },
  oneOf: [Object.keys(customer)],
  date,
  amount: 'amount',
  orders: listOrders
});

export const lists = {
  deposits: money('deposits', 'timestamp', { userId: 'userId', email: 'userEmail' }),
  withdrawals: money('withdrawals', 'createdAt', { userId: 'userId', email: 'email' }),
  investments: money('investments', 'createdAt', { userId: 'userId', email: 'email' }),
  // Compound investments carry only the customer's e-mail.
  compoundInvestments: money('compoundInvest', 'startAt', { email: 'email' }),
  users: {
    collection: 'users',
    filters: { verified: 'verified', kyc: 'kyc.status' },
    unlistable: {
      kyc: {
        value: 'none',
        reason: 'Firestore cannot list records by a missing field, so customers without KYC are counted, not listed.'
      }
    },
    date: 'timestamp',
    amount: 'balance',
    orders: listOrders
  },
  // Approved KYC past its expiry date (the users list's "expired" filter): listed by expiry date, soonest first.
  expiredKyc: {
    collection: 'users',
    filters: { verified: 'verified', kyc: 'kyc.status' },
    date: 'kyc.expiryDate',
    amount: null,
    orders: ['oldest']
  },
  // A referral names its referrer by document id or by referral code: `in` both.
  referrals: { collection: 'referrals', filters: { referrer: 'referrerId' }, date: 'timestamp', amount: null, orders: ['newest', 'oldest'] },
  audit: {
    collection: 'auditLog',
    // adminUid: the administrator who made the change (the Audit screen's Administrator filter).
    filters: { kind: 'kind', userId: 'userIds', adminUid: 'adminUid' },
    contains: ['userId'],
    date: 'at',
    amount: null,
    orders: ['newest']
  },
  mail: { collection: 'mailOutbox', filters: { state: 'state', to: 'to' }, date: 'createdAt', amount: null, orders: ['newest'] },
  // Deleted customers kept on record (Manage Users' "Deleted customers"), newest deletion first.
  archivedUsers: { collection: 'archivedUsers', filters: {}, date: 'deletedAt', amount: null, orders: ['newest'] },
  // Reconciliation runs, the latest first.
  reconciliationRuns: { collection: 'reconciliationRuns', filters: {}, date: 'startedAt', amount: null, orders: ['newest'] }
} as const satisfies Record<string, ListDefinition>;

export type ListName = keyof typeof lists;

/** What a screen asks of a list: filter values by filter name (absent or null: not filtered). */
export interface ListRequest {
  equal?: Readonly<Record<string, unknown>>;
  /** ISO instants, inclusive, on the list's date. */
  from?: string | null;
  to?: string | null;
  order?: ListOrder;
}

/** A request Firestore can serve: its shape and the values the query compares. */
export interface ListPlan {
  shape: QueryShape;
  /** Stored field -> the value it must equal (an array for `referrer`: any of them). */
  equal: Record<string, unknown>;
  /** The range on the order field: dates as ISO strings, or the numeric floor of "largest". */
  range: { from: string | null; to: string | null } | { numbersOnly: true } | null;
}

export type Planned = { ok: true; plan: ListPlan } | { ok: false; reason: string };

const present = (value: unknown) => value !== undefined && value !== null;

/** The order a list opens with: newest first, except a pending queue, which is worked oldest first. */
export const defaultOrder = (definition: ListDefinition, equal: Readonly<Record<string, unknown>> = {}): ListOrder =>
  equal.status === 'pending' && definition.orders.includes('oldest') ? 'oldest' : 'newest';

/**
 * The query a request needs, or why Firestore cannot serve it with the indexes Ledgerdesk
 * declares. A reason is shown on screen beside the disabled choice; it never reaches Firestore.
 */
export function planList(definition: ListDefinition, request: ListRequest): Planned {
  const given = Object.entries(request.equal ?? {}).filter(([, value]) => present(value));
  for (const [name] of given) {
    if (!(name in definition.filters)) return { ok: false, reason: `This list cannot be filtered by ${name}.` };
  }
  for (const group of definition.oneOf ?? []) {
    if (given.filter(([name]) => group.includes(name)).length > 1) {
      return { ok: false, reason: `Choose one of ${group.join(' or ')}.` };
    }
  }
  for (const [name, value] of given) {
    const unlistable = definition.unlistable?.[name];
    if (unlistable && unlistable.value === value) return { ok: false, reason: unlistable.reason };
  }
  const order = request.order ?? 'newest';
  if (!definition.orders.includes(order)) return { ok: false, reason: `This list cannot be sorted by ${order}.` };
  const dated = present(request.from) || present(request.to);
  if (order === 'largest' && dated) {
    return {
      ok: false,
      reason:
        'Largest first cannot be combined with dates: Firestore would read every record in the range to sort it. Sort newest or oldest first, or clear the dates.'
    };
  }
  // Canonical order (the definition's), so one request always gives one shape and one index.
  const names = Object.keys(definition.filters).filter((name) => given.some(([n]) => n === name));
  const field = order === 'largest' ? (definition.amount as string) : definition.date;
  const contains = names.filter((name) => definition.contains?.includes(name)).map((name) => definition.filters[name] as string);
  const shape: QueryShape = {
    collection: definition.collection,
    equality: names.map((name) => definition.filters[name] as string),
    ...(contains.length ? { arrayContains: contains } : {}),
    range: order === 'largest' || dated ? field : null,
    order: { field, direction: order === 'oldest' ? 'asc' : 'desc' }
  };
  const equal = Object.fromEntries(given.map(([name, value]) => [definition.filters[name] as string, value]));
  const range = order === 'largest' ? ({ numbersOnly: true } as const) : dated ? { from: request.from ?? null, to: request.to ?? null } : null;
  return { ok: true, plan: { shape, equal, range } };
}

const subsets = <T>(items: readonly T[]): T[][] => items.reduce<T[][]>((all, item) => [...all, ...all.map((s) => [...s, item])], [[]]);

/**
 * Every shape the code can build: each list, each allowed set of filters, each order, with and
 * without dates. The index test walks these; counting queries use the same shapes.
 */
export function allShapes(): QueryShape[] {
  const shapes = new Map<string, QueryShape>();
  for (const definition of Object.values(lists) as ListDefinition[]) {
    for (const names of subsets(Object.keys(definition.filters))) {
      const equal = Object.fromEntries(names.map((name) => [name, 'x']));
      for (const order of definition.orders) {
        for (const dated of [false, true]) {
          const planned = planList(definition, { equal, order, from: dated ? '2026-01-01T00:00:00.000Z' : null });
          if (planned.ok) shapes.set(JSON.stringify(planned.plan.shape), planned.plan.shape);
        }
      }
    }
  }
  // The risk panels' queries are not lists but need their indexes just the same.
  for (const shape of [...Object.values(riskQueries), ...Object.values(dueQueries), ...Object.values(approvalQueries)] as QueryShape[])
    shapes.set(JSON.stringify(shape), shape);
  return [...shapes.values()];
}

/** A money list's filters as the screens and the contract give them (any absent: not filtered). */
export type { MoneyFilters };

/** Money filters as a list request: the customer is their id or their e-mail, whichever is given. */
export const moneyRequest = (filters: MoneyFilters): ListRequest => ({
  equal: {
    status: filters.status ?? null,
    userId: filters.customer && 'userId' in filters.customer ? filters.customer.userId : null,
    email: filters.customer && 'email' in filters.customer ? filters.customer.email : null
  },
  from: filters.from ?? null,
  to: filters.to ?? null,
  order: filters.order ?? 'newest'
});
