import type { ReactNode } from 'react';
import { Fact as LabelledValue } from '../../components/ui/Fact';
import { Skeleton } from '../../components/ui/Skeleton';
import { decisionFactsKey } from '../status/decision';

/*
 * The facts a reviewer decides from (a deposit's customer, a withdrawal's risk), read afresh each
 * time a dialog or a row opens them, under decisionFactsKey, which the decision dialog refreshes
 * when the record changed under it. Each list's own facts live in its feature; these are the parts
 * they share.
 */

/** A list's facts of one record: `factsKey('withdrawals', id)`. */
export const factsKey = (list: string, id: string) => [...decisionFactsKey, list, id];

/** Read each time they are shown, never from an earlier answer. */
export const freshFacts = { staleTime: 0, gcTime: 0, retry: false } as const;

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
export const kycWords = (status: string | null) => (status ? status.charAt(0).toUpperCase() + status.slice(1) : 'Not submitted');

/** One labelled fact of the grid; `wide` takes two of its four columns. */
export function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <LabelledValue label={label} className={wide ? 'col-span-2' : undefined} valueClassName="text-sm font-medium text-slate-900 tabular-nums">
      {children}
    </LabelledValue>
  );
}

/** The grid's place while the facts are read. */
export function FactsLoading({ label }: { label: string }) {
  return (
    <div role="status" aria-busy="true" className="grid grid-cols-4 gap-3 rounded-lg p-4 ring-1 ring-slate-200 ring-inset">
      <span className="sr-only">{label}</span>
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} className="h-8" />
      ))}
    </div>
  );
}
