import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ApprovalRequest, StatusPreview } from '@shared/contract';
import { Fact } from '../../../../components/ui/Fact';
import { HeaderRow } from '../../../../components/ui/HeaderRow';
import { Notice } from '../../../../components/ui/Notice';
import { Skeleton } from '../../../../components/ui/Skeleton';
import { cn } from '../../../../lib/cn';
import { errorMessage } from '../../../../lib/api';
import { factsKey, freshFacts } from '../../../../modules/review-list/facts';
import { PreviewDetails } from '../../../../modules/status/PreviewDetails';

/** The record a request changes: 'withdrawals/abc' -> abc. */
export const targetId = (request: Pick<ApprovalRequest, 'target'>): string => request.target.slice(request.target.indexOf('/') + 1);

/** A field of the decision as text, or undefined when it is not a non-empty string. */
export const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/** A map in the decision (the addresses, the rules, the changes), or an empty one. */
export const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** What is stored now, read afresh each time the card is shown (the approver compares it with the request). */
export const useCurrent = <T,>(request: ApprovalRequest, what: string, read: () => Promise<T>) =>
  useQuery({ queryKey: [...factsKey('approvals', request.id), what], queryFn: read, ...freshFacts });

/** The card's place while what is stored now is read, or why it could not be. */
export function Reading({ query, label }: { query: { isError: boolean; error: unknown }; label: string }) {
  if (query.isError)
    return (
      <Notice tone="error">
        Could not read {label}: {errorMessage(query.error)}
      </Notice>
    );
  return <Working says={`Reading ${label}…`} />;
}

/** The card's place while something is read or worked out, `says` for screen readers. */
export function Working({ says }: { says: string }) {
  return (
    <div role="status" aria-busy="true" className="space-y-2 rounded-lg p-4 ring-1 ring-slate-200 ring-inset">
      <span className="sr-only">{says}</span>
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-4 w-1/2" />
    </div>
  );
}

/** A framed part of the card: what approving would apply, under its heading. */
export function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-label={title} className={cn('space-y-3 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200 ring-inset', className)}>
      <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      {children}
    </section>
  );
}

/** A framed part of the card holding facts: label over value, `columns` a grid's classes (sm:grid-cols-4). */
export function FactsSection({ title, columns, children }: { title: string; columns: string; children: ReactNode }) {
  return (
    <Section title={title}>
      <dl className={cn('grid gap-x-4 gap-y-2', columns)}>{children}</dl>
    </Section>
  );
}

/** A fact whose value is an identifier or a stored value as it is: monospaced, broken anywhere. */
export function RawFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Fact label={label} valueClassName="font-mono text-sm break-all text-slate-900">
      {children}
    </Fact>
  );
}

/** The customer a request names: their name (or e-mail, or id), and their e-mail beneath a name. */
export function CustomerFact({
  customer,
  fallback,
  className,
  valueClassName
}: {
  customer: { id: string; fullname: string | null; email: string | null } | undefined;
  /** Shown while the customer is read. */
  fallback: string;
  className?: string;
  valueClassName: string;
}) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs text-slate-500">Customer</dt>
      <dd className={valueClassName}>{customer ? (customer.fullname ?? customer.email ?? customer.id) : fallback}</dd>
      {customer?.email && customer.fullname && <dd className="truncate text-xs text-slate-500">{customer.email}</dd>}
    </div>
  );
}

/** What approving would do now, from the record's own preview of the decision asked, or why the rule would refuse it. */
export function ApprovingWould({ preview }: { preview: StatusPreview }) {
  if (preview.allowed) return <PreviewDetails preview={preview} />;
  return (
    <Notice tone="error">
      <p className="font-medium">Approving would not apply now.</p>
      <p>{preview.refusal?.message ?? 'The rule refuses it.'}</p>
    </Notice>
  );
}

export interface ChangeRow {
  label: string;
  now: ReactNode;
  after: ReactNode;
  changed: boolean;
}

const changeColumns = [
  { label: 'Setting', className: 'w-1/4 font-medium' },
  { label: 'Now', className: 'font-medium' },
  { label: 'to', className: 'w-6', hidden: true },
  { label: 'After approval', className: 'font-medium' }
];

/** Before -> after, one row per setting: what is stored now against what approving would store, the changed rows marked. */
export function ChangeTable({ title, rows }: { title: string; rows: ChangeRow[] }) {
  return (
    <Section title={title}>
      <table className="w-full table-fixed text-left text-sm">
        <thead className="text-xs text-slate-500">
          <HeaderRow columns={changeColumns} cellClassName="pb-1.5" />
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => (
            <tr key={row.label} className={row.changed ? 'text-slate-900' : 'text-slate-500'}>
              <th scope="row" className="py-1.5 pr-3 align-top font-medium">
                {row.label}
              </th>
              <td className="py-1.5 pr-3 align-top break-words tabular-nums">{row.now}</td>
              <td className="py-1.5 align-top">
                <ArrowRight className="mt-0.5 size-3.5 text-slate-400" aria-hidden />
              </td>
              <td className={cn('py-1.5 align-top break-words tabular-nums', row.changed && 'font-semibold')}>
                {row.after}
                {row.changed ? <span className="sr-only"> (changed)</span> : <span className="ml-1.5 text-xs font-normal">(unchanged)</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

/**
 * The view of a request that saves a settings document: what is stored now, read afresh, against what
 * approving would store, one row per setting (`rows` builds them from what is stored and the decision).
 */
export function storedChange<T>({
  title,
  read,
  rows
}: {
  title: string;
  read: () => Promise<T>;
  rows: (stored: T, decision: ApprovalRequest['decision']) => ChangeRow[];
}) {
  return function StoredChange({ request }: { request: ApprovalRequest }) {
    const current = useCurrent(request, title, read);
    if (!current.data) return <Reading query={current} label={`the ${title.toLowerCase()} saved now`} />;
    return <ChangeTable title={title} rows={rows(current.data, request.decision)} />;
  };
}

/** Two values compared as stored (maps and lists by their JSON). */
export const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
