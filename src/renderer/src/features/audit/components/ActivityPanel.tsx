import { useMemo } from 'react';
import { ScrollText } from 'lucide-react';
import { auditKinds, type AuditKind } from '@shared/domain/changeset';
import { ColumnsButton } from '../../../components/data-table/ColumnsButton';
import { PagedTable } from '../../../components/data-table/PagedTable';
import { useColumnLayout } from '../../../lib/column-layouts';
import { activityTable } from '../../../modules/audit/activity-columns';
import { useAuditLog, type ActivityFilters } from '../api/audit';
import { auditKindLabels } from '../../../modules/audit/kinds';
import { useAdministratorsSeen } from '../hooks/use-administrators-seen';
import { ChoiceFilter, PanelToolbar } from './PanelToolbar';

interface ActivityPanelProps extends ActivityFilters {
  onKindChange: (kind: AuditKind | null) => void;
  onAdminChange: (adminUid: string | null) => void;
}

export function ActivityPanel({ kind, adminUid, onKindChange, onAdminChange }: ActivityPanelProps) {
  const log = useAuditLog({ kind, adminUid });
  const layout = useColumnLayout('auditActivity');
  const pages = log.data?.pages;
  const rows = useMemo(() => pages?.flatMap((page) => page.rows) ?? [], [pages]);
  const administrators = useAdministratorsSeen(rows, adminUid);
  const labelOf = new Map(administrators.map((admin) => [admin.uid, admin.label]));
  const byWhom = adminUid ? ` by ${labelOf.get(adminUid) ?? adminUid}` : '';
  const what = kind ? auditKindLabels[kind] : null;
  return (
    <section aria-label="Activity" className="space-y-4">
      <PanelToolbar
        query={log}
        columnsButton={<ColumnsButton columns={activityTable.columns} layout={layout} what="audit entries" />}
        filter={{ label: 'Kind', allLabel: 'All activity', values: auditKinds, labelOf: (k) => auditKindLabels[k], value: kind, onChange: onKindChange }}
        moreFilters={
          // The administrators met in the entries loaded so far (Load More or another kind finds more), by e-mail.
          <ChoiceFilter
            label="Administrator"
            allLabel="All administrators"
            values={administrators.map((admin) => admin.uid)}
            labelOf={(uid) => labelOf.get(uid) ?? uid}
            value={adminUid}
            onChange={onAdminChange}
          />
        }
      />
      <PagedTable
        query={log}
        {...activityTable}
        layout={layout}
        caption={`Activity${what ? `: ${what}` : ''}${byWhom}, newest first`}
        empty={{
          icon: ScrollText,
          title: `No ${what ? `${what.toLowerCase()} ` : ''}activity${byWhom} yet`,
          description: 'Every change an administrator makes is recorded here with what it changed.'
        }}
        errorTitle="Couldn't load the audit log"
      />
    </section>
  );
}
