import type { ApprovalRequest } from '@shared/contract';
import { Fact } from '../../../../components/ui/Fact';
import { RawFact, Section } from './parts';

const shown = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** A kind this screen does not know yet: the decision's fields as asked, so the approver still reads exactly what would apply. */
export function UnknownRequest({ request }: { request: ApprovalRequest }) {
  const fields = Object.entries(request.decision);
  return (
    <Section title="The decision asked">
      <p className="text-sm text-slate-700">{request.summary}</p>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2">
        <Fact label="Method" valueClassName="font-mono text-sm text-slate-900">
          {request.method}
        </Fact>
        {fields.map(([field, value]) => (
          <RawFact key={field} label={field}>
            {shown(value)}
          </RawFact>
        ))}
      </dl>
    </Section>
  );
}
