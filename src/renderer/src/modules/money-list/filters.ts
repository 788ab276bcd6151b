import { defaultOrder, listOrders, type ListDefinition, type ListOrder } from '../../../../shared/queries/lists';

/**
 * A money list's filters as the screen holds them, and as the URL carries them
 * (?status=pending&customer=<id>&email=<e-mail>&from=2026-11-01&to=2026-11-21&order=oldest&focus=<id>),
 * so a reload, back/forward or a copied link shows the same view.
 */
export interface MoneyFilters {
  status: string | null;
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
}

export const noFilters: MoneyFilters = { status: null, customer: null, email: null, from: null, to: null, order: null, focus: null };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day (2026-02-30 is not one). */
export function isCalendarDay(value: string | null | undefined): value is string {
  if (!value || !DAY.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const text = (value: string | null) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** The filters a URL carries; values the list does not know (a status of another list, a bad date) are ignored. */
export function filtersFromSearch(params: URLSearchParams, statuses: readonly string[]): MoneyFilters {
  const status = params.get('status');
  const order = params.get('order');
  const from = params.get('from');
  const to = params.get('to');
  return {
    status: status && statuses.includes(status) ? status : null,
    customer: text(params.get('customer')),
    email: text(params.get('email')),
    from: isCalendarDay(from) ? from : null,
    to: isCalendarDay(to) ? to : null,
    order: order && (listOrders as readonly string[]).includes(order) ? (order as ListOrder) : null,
    focus: text(params.get('focus'))
  };
}

const keys = ['status', 'customer', 'email', 'from', 'to', 'order', 'focus'] as const;

/**
 * The URL's search params for these filters, keeping any other param the page uses (a customer
 * page's tab): only the filters' own params are rewritten.
 */
export function filtersToSearch(filters: MoneyFilters, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of keys) {
    const value = filters[key];
    if (value) params.set(key, value);
    else params.delete(key);
  }
  return params;
}

/** The order the list is shown in: the explicit one, else the list's default for the status. */
export const effectiveOrder = (definition: ListDefinition, filters: Pick<MoneyFilters, 'status' | 'order'>): ListOrder =>
  filters.order ?? defaultOrder(definition, { status: filters.status });

/** Choosing a status tab: the explicit order and the focused record go, so Pending opens as the queue. */
export const withStatus = (filters: MoneyFilters, status: string | null): MoneyFilters => ({ ...filters, status, order: null, focus: null });

/** The administrator's time zone, as the browser knows it. */
export const localTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Minutes east of UTC in `timeZone` at `instant` (Paris in winter: 60). */
export function zoneOffsetMinutes(timeZone: string, instant: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** 60 -> "+01:00", -330 -> "-05:30", 0 -> "+00:00". */
export const offsetText = (minutes: number): string => `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;

/**
 * A wall-clock time of a calendar day in `timeZone`, as the instant with its offset:
 * ("2026-11-21", "start", "Europe/Paris") -> "2026-11-21T00:00:00.000+01:00";
 * "end" is the last millisecond of that day, 23:59:59.999.
 */
export function dayInstant(day: string, edge: 'start' | 'end', timeZone: string = localTimeZone()): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = edge === 'start' ? Date.UTC(y, m - 1, d, 0, 0, 0, 0) : Date.UTC(y, m - 1, d, 23, 59, 59, 999);
  // The offset at the wall time read as UTC is close; read again at the instant it gives, for
  // days where the offset changes (summer time).
  const first = zoneOffsetMinutes(timeZone, new Date(wall));
  const offset = zoneOffsetMinutes(timeZone, new Date(wall - first * 60_000));
  const time = edge === 'start' ? '00:00:00.000' : '23:59:59.999';
  return `${day}T${time}${offsetText(offset)}`;
}

/** "Times in Europe/Paris (UTC+01:00)": the zone the dates are entered and shown in. */
export const zoneLabel = (timeZone: string = localTimeZone(), now: Date = new Date()): string =>
  `Times in ${timeZone} (UTC${offsetText(zoneOffsetMinutes(timeZone, now))})`;

/** How a list names its customer in a query: by document id, or by e-mail where the records carry only that. */
export type CustomerBy = 'userId' | 'email';

export const customerByOf = (definition: ListDefinition): CustomerBy => ('userId' in definition.filters ? 'userId' : 'email');

export type CustomerFilter = { userId: string } | { email: string };

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

/** What the list and counts methods take for these filters (the page's cursor and size come on top). */
export interface MoneyQueryInput {
  status?: string;
  customer?: CustomerFilter;
  from?: string;
  to?: string;
  order?: ListOrder;
  focus?: string;
}

export function queryInput(
  filters: MoneyFilters,
  order: ListOrder,
  customer: CustomerFilter | null,
  timeZone: string = localTimeZone()
): MoneyQueryInput {
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
export const countsInput = ({ customer, from, to }: MoneyQueryInput): Pick<MoneyQueryInput, 'customer' | 'from' | 'to'> => ({
  ...(customer ? { customer } : {}),
  ...(from ? { from } : {}),
  ...(to ? { to } : {})
});
