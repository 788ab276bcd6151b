import { defaultOrder, listOrders, type ListDefinition, type ListOrder } from '@shared/queries/lists';
import { pageSizeOf, type PageSize } from '@shared/schemas/views';
import { dayInstant, isCalendarDay, localTimeZone } from '../../lib/format';
import type { CountsInput, ListInput } from './contract-source';

/**
 * A money list's view, as the screen holds it and the URL carries it
 * (?status=pending&customer=<id>&email=<e-mail>&from=2026-11-01&to=2026-11-21&order=oldest&focus=<id>&size=50),
 * so a reload, back/forward or a copied link shows the same view.
 */
export interface ReviewListView<S extends string = string> {
  /** One of the list's statuses. */
  status: S | null;
  /** The customer's document id. */
  customer: string | null;
  /** The customer's e-mail: what compound investments carry, or all that is known of a customer. */
  email: string | null;
  /** Local calendar days, YYYY-MM-DD, inclusive. */
  from: string | null;
  to: string | null;
  /** Chosen explicitly; null: the list's default (oldest first for the pending queue). */
  order: ListOrder | null;
  /** Start the first page at this record. */
  focus: string | null;
  /** Rows per page, chosen explicitly; null: the size last chosen for this list (10 until then). */
  size: PageSize | null;
}

export const wholeList: ReviewListView = { status: null, customer: null, email: null, from: null, to: null, order: null, focus: null, size: null };

const text = (value: string | null) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** The view a URL asks for; values the list does not know (a status of another list, a bad date) are ignored. */
export function viewFromSearch<S extends string>(params: URLSearchParams, statuses: readonly S[]): ReviewListView<S> {
  const status = params.get('status');
  const order = params.get('order');
  const from = params.get('from');
  const to = params.get('to');
  return {
    status: statuses.find((known) => known === status) ?? null,
    customer: text(params.get('customer')),
    email: text(params.get('email')),
    from: isCalendarDay(from) ? from : null,
    to: isCalendarDay(to) ? to : null,
    order: listOrders.find((known) => known === order) ?? null,
    focus: text(params.get('focus')),
    size: pageSizeOf(params.get('size'))
  };
}

const keys = ['status', 'customer', 'email', 'from', 'to', 'order', 'focus', 'size'] as const;

/**
 * The URL's search params for these filters, keeping any other param the page uses (a customer
 * page's tab): only the filters' own params are rewritten.
 */
export function viewToSearch<S extends string>(filters: ReviewListView<S>, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of keys) {
    const value = filters[key];
    if (value) params.set(key, String(value));
    else params.delete(key);
  }
  return params;
}

/** The order the list is shown in: the explicit one, else the list's default for the status. */
export const effectiveOrder = (definition: ListDefinition, filters: Pick<ReviewListView, 'status' | 'order'>): ListOrder =>
  filters.order ?? defaultOrder(definition, { status: filters.status });

/** Choosing a status tab: the explicit order and the focused record go, so Pending opens as the queue. */
export const withStatus = <S extends string>(filters: ReviewListView<S>, status: S | null): ReviewListView<S> => ({
  ...filters,
  status,
  order: null,
  focus: null
});

/** How a list names its customer in a query: by document id, or by e-mail where the records carry only that. */
export type CustomerBy = 'userId' | 'email';

export const customerByOf = (definition: ListDefinition): CustomerBy => ('userId' in definition.filters ? 'userId' : 'email');

/** The contract's customer filter: by id, or by e-mail. */
export type CustomerFilter = NonNullable<ListInput<string>['customer']>;

/**
 * The customer the query sends: the id where the list has one and it is known, else the e-mail.
 * Null with `waiting` when the list needs the e-mail and only the id is known yet (it is being looked up).
 */
export function customerFilter(
  by: CustomerBy,
  customer: { userId: string | null; email: string | null },
  lookedUpEmail: string | null = null
): { filter: CustomerFilter | null; waiting: boolean } {
  if (by === 'userId' && customer.userId) return { filter: { userId: customer.userId }, waiting: false };
  const email = customer.email ?? lookedUpEmail;
  if (email) return { filter: { email }, waiting: false };
  return { filter: null, waiting: by === 'email' && customer.userId !== null };
}

/** What the list method takes for a view, before the page's cursor and size. */
export type ReviewListQuery<S extends string = string> = Omit<ListInput<S>, 'cursor' | 'pageSize'>;

export function queryInput<S extends string>(
  filters: ReviewListView<S>,
  order: ListOrder,
  customer: CustomerFilter | null,
  timeZone: string = localTimeZone()
): ReviewListQuery<S> {
  return {
    ...(filters.status ? { status: filters.status } : {}),
    ...(customer ? { customer } : {}),
    ...(filters.from ? { from: dayInstant(filters.from, 'start', timeZone) } : {}),
    ...(filters.to ? { to: dayInstant(filters.to, 'end', timeZone) } : {}),
    order,
    ...(filters.focus ? { focus: filters.focus } : {})
  };
}

/** The counts of the status tabs: everything but the status, the order and the focus. */
export const countsInput = <S extends string>({ customer, from, to }: ReviewListQuery<S>): CountsInput => ({
  ...(customer ? { customer } : {}),
  ...(from ? { from } : {}),
  ...(to ? { to } : {})
});
