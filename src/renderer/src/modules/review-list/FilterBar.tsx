import { ChevronDown, Info } from 'lucide-react';
import { useId } from 'react';
import type { CustomerRow } from '@shared/contract';
import type { ListOrder } from '@shared/queries/lists';
import { cn } from '../../lib/cn';
import { CustomerPicker, type PickedCustomer } from '../customers/CustomerPicker';
import { inputClasses } from '../../components/ui/Input';
import { orderLabels } from './wording';

export interface OrderChoice {
  order: ListOrder;
  /** Why Firestore cannot serve this order with the other filters; null when it can. */
  refused: string | null;
}

/** One end of the date range: a local calendar day (YYYY-MM-DD), or null when cleared. */
function DateInput(props: {
  label: string;
  value: string | null;
  min?: string | null;
  max?: string | null;
  disabled: boolean;
  onChange: (day: string | null) => void;
  className: string;
}) {
  return (
    <input
      type="date"
      aria-label={props.label}
      value={props.value ?? ''}
      min={props.min ?? undefined}
      max={props.max ?? undefined}
      disabled={props.disabled}
      onChange={(event) => props.onChange(event.target.value || null)}
      className={props.className}
    />
  );
}

interface FilterBarProps {
  /** Left out when the list shows one customer only (a customer's page). */
  customer?: {
    value: PickedCustomer | null;
    onPick: (user: CustomerRow) => void;
    onClear: () => void;
    requireEmail: boolean;
  };
  from: string | null;
  to: string | null;
  onDates: (from: string | null, to: string | null) => void;
  /** Why the dates cannot be used with the current order; null when they can. */
  datesRefused: string | null;
  /** "Times in Europe/Paris (UTC+01:00)" */
  zone: string;
  order: ListOrder;
  orders: OrderChoice[];
  onOrder: (order: ListOrder) => void;
}

const label = 'text-xs font-medium text-slate-500';
const field = cn(inputClasses, 'h-9 w-auto tabular-nums');

/** Customer, date range (in the administrator's zone, named) and order; a choice Firestore cannot serve is disabled with its reason. */
export function FilterBar({ customer, from, to, onDates, datesRefused, zone, order, orders, onOrder }: FilterBarProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const refusedChoice = orders.find((choice) => choice.refused);
  const orderRefused = refusedChoice?.refused ?? null;
  const hint = datesRefused
    ? `Dates are off with ${orderLabels[order]}. ${datesRefused}`
    : refusedChoice
      ? `${orderLabels[refusedChoice.order]} is unavailable. ${orderRefused}`
      : null;
  const described = hint ? hintId : undefined;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-start gap-x-4 gap-y-3">
        {customer && (
          <div className="flex w-96 flex-col gap-1">
            <label htmlFor={`${id}-customer`} className={label}>
              Customer
            </label>
            <CustomerPicker id={`${id}-customer`} {...customer} />
          </div>
        )}
        <div role="group" aria-labelledby={`${id}-dates`} aria-describedby={datesRefused ? hintId : undefined} className="flex flex-col gap-1">
          <span id={`${id}-dates`} className={label}>
            Dates <span className="font-normal text-slate-500">· {zone}</span>
          </span>
          <div className="flex items-center gap-2">
            <DateInput label="From" value={from} max={to} disabled={datesRefused !== null} onChange={(day) => onDates(day, to)} className={field} />
            <span aria-hidden className="text-slate-500">
              –
            </span>
            <DateInput label="To" value={to} min={from} disabled={datesRefused !== null} onChange={(day) => onDates(from, day)} className={field} />
          </div>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-order`} className={label}>
            Order
          </label>
          <div className="relative">
            <select
              id={`${id}-order`}
              value={order}
              onChange={(event) => onOrder(event.target.value as ListOrder)}
              aria-describedby={orderRefused ? described : undefined}
              className={cn(field, 'min-w-48 appearance-none pr-9')}
            >
              {orders.map((choice) => (
                <option key={choice.order} value={choice.order} disabled={choice.refused !== null} title={choice.refused ?? undefined}>
                  {orderLabels[choice.order]}
                  {choice.refused ? ' (unavailable)' : ''}
                </option>
              ))}
            </select>
            <ChevronDown aria-hidden className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-400" />
          </div>
        </div>
      </div>
      {hint && (
        <p id={hintId} className="flex items-start gap-1.5 text-xs text-slate-500">
          <Info aria-hidden className="mt-px size-3.5 shrink-0 text-slate-400" />
          {hint}
        </p>
      )}
    </div>
  );
}
