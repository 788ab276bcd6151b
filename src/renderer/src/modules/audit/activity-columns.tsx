import type { AuditRow } from '@shared/contract';
import { DateCell, TextCell } from '../../components/data-table/cells';
import { column } from '../../components/data-table/column';
import type { PagedTableProps } from '../../components/data-table/PagedTable';
import { Badge } from '../../components/ui/Badge';
import { formatDateTime } from '../../lib/format';
import { ChangeList } from './ChangeList';
import { auditKindNouns, isAuditKind } from './kinds';

/** A sign-in, sign-out or password confirmation: when it happened (the entry may have been written later, under the next session), and its result. */
function AccessFacts({ access }: { access: NonNullable<AuditRow['access']> }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
      <Badge tone={access.result === 'ok' ? 'success' : 'danger'}>{access.result === 'ok' ? 'Succeeded' : 'Refused'}</Badge>
      <span>Happened {formatDateTime(access.occurredAt)}</span>
    </p>
  );
}

function ActivityCell({ entry }: { entry: AuditRow }) {
  return (
    <div className="min-w-0 space-y-1">
      <div className="flex items-center gap-2">
        <Badge tone="neutral">{isAuditKind(entry.kind) ? auditKindNouns[entry.kind] : entry.kind}</Badge>
        <span className="font-mono text-xs text-slate-500">{entry.entityPath}</span>
      </div>
      <p className="font-medium text-slate-900">{entry.summary.replaceAll(' -> ', ' → ')}</p>
      {entry.access && <AccessFacts access={entry.access} />}
      {entry.reason && <p className="text-xs text-slate-600">Reason: {entry.reason}</p>}
      {entry.overrideReason && <p className="text-xs font-medium text-rose-700">Override reason: {entry.overrideReason}</p>}
      {entry.notes.map((note) => (
        <p key={note} className="text-xs text-slate-500">
          {note}
        </p>
      ))}
    </div>
  );
}

/** The audit log as every table of it shows it (the Activity panel, a customer's audit tab): when, what (summary, reason, notes), the field changes and who. */
export const activityTable = {
  columns: [
    column<AuditRow>('at', 'When', (entry) => <DateCell value={entry.at} />, { className: 'w-40 align-top', skeleton: 'w-32' }),
    column<AuditRow>('activity', 'Activity', (entry) => <ActivityCell entry={entry} />, {
      className: 'align-top',
      required: true,
      skeleton: 'w-72'
    }),
    column<AuditRow>('changes', 'Changes', (entry) => <ChangeList before={entry.before} after={entry.after} />, {
      className: 'align-top',
      skeleton: 'w-56'
    }),
    column<AuditRow>('admin', 'By', (entry) => <TextCell value={entry.adminEmail} />, {
      className: 'align-top text-slate-600',
      skeleton: 'w-36'
    })
  ],
  noun: { one: 'entry', many: 'entries' },
  sortField: 'time'
} satisfies Pick<PagedTableProps<AuditRow>, 'columns' | 'noun' | 'sortField'>;
