import type { ApprovalRequest } from '@shared/contract';
import { Section } from './parts';

const shown = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** A kind this screen does not know yet: the decision's fields as asked, so the approver still reads exactly what would apply. */
export function UnknownRequest({ request }: { request: ApprovalRequest }) {
  const fields = Object.entries(request.decision);
  return (
    <Section title="The decision asked">
      <p className="text-sm text-slate-700">{request.summary}</p>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">Method</dt>
          <dd className="font-mono text-sm text-slate-900">{request.method}</dd>
        </div>
        {fields.map(([field, value]) => (
          <div key={field} className="min-w-0">
            <dt className="text-xs text-slate-500">{field}</dt>
            <dd className="font-mono text-sm break-all text-slate-900">{shown(value)}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}
