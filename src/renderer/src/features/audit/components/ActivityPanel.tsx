import { ScrollText } from 'lucide-react';
import { auditKinds, type AuditKind } from '@shared/domain/changeset';
import { ColumnsButton } from '../../../components/data-table/ColumnsButton';
import { PagedTable } from '../../../components/data-table/PagedTable';
import { useColumnLayout } from '../../../lib/column-layouts';
import { activityTable } from '../../../modules/audit/activity-columns';
import { useAuditLog } from '../api/audit';
import { auditKindLabels } from '../../../modules/audit/kinds';
import { PanelToolbar } from './PanelToolbar';

export function ActivityPanel({ kind, onKindChange }: { kind: AuditKind | null; onKindChange: (kind: AuditKind | null) => void }) {
  const log = useAuditLog(kind);
  const layout = useColumnLayout('auditActivity');
  return (
    <section aria-label="Activity" className="space-y-4">
      <PanelToolbar
        query={log}
        columnsButton={<ColumnsButton columns={activityTable.columns} layout={layout} what="audit entries" />}
        filter={{ label: 'Kind', allLabel: 'All activity', values: auditKinds, labelOf: (k) => auditKindLabels[k], value: kind, onChange: onKindChange }}
      />
      <PagedTable
        query={log}
        {...activityTable}
        layout={layout}
        caption={kind ? `Activity: ${auditKindLabels[kind]}, newest first` : 'Activity, newest first'}
        empty={{
          icon: ScrollText,
          title: kind ? `No ${auditKindLabels[kind].toLowerCase()} activity yet` : 'No activity yet',
          description: 'Every change an administrator makes is recorded here with what it changed.'
        }}
        errorTitle="Couldn't load the audit log"
      />
    </section>
  );
}
