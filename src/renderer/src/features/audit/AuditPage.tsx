import { useSearchParams } from 'react-router-dom';
import { exportColumns } from '@shared/export/csv';
import { ExportCsvButton } from '../../components/export/ExportCsvButton';
import { TabLinks } from '../../components/TabLinks';
import { PageHeader } from '../../components/ui/PageHeader';
import { auditFetcher } from './api/audit';
import { ActivityPanel } from './components/ActivityPanel';
import { OutboxPanel } from './components/OutboxPanel';
import { auditKindLabels, isAuditKind, isMailState } from '../../modules/audit/kinds';
import { paths } from '../../lib/paths';

/** The tab and filters live in the URL (?tab=mail&state=failed, ?kind=deposit&admin=<uid>), so every view is linkable. */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'mail' ? 'mail' : 'activity';
  const kind = params.get('kind');
  const activityKind = isAuditKind(kind) ? kind : null;
  // The administrator who made the change, by uid (what the audit entries store).
  const adminUid = params.get('admin') || null;
  const state = params.get('state');

  const setFilter = (name: 'kind' | 'state' | 'admin', value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true }
    );

  return (
    <div className="space-y-6">
      <PageHeader
        title="Audit log"
        description="Every change an administrator made, what it changed, and the e-mails it sent to customers."
        actions={
          tab === 'activity' && (
            // Exports the entries the Activity tab shows: the current kind and administrator filters apply.
            <ExportCsvButton
              fetchPage={auditFetcher({ kind: activityKind, adminUid })}
              columns={exportColumns.audit}
              fileBaseName={`audit${activityKind ? `-${activityKind}` : ''}${adminUid ? '-one-administrator' : ''}`}
              noun={`${activityKind ? `${auditKindLabels[activityKind].toLowerCase()} activity` : 'the audit log'}${adminUid ? ' of the administrator chosen' : ''}`}
            />
          )
        }
      />
      <TabLinks
        label="Audit log sections"
        tabs={[
          { label: 'Activity', to: paths.audit, active: tab === 'activity' },
          { label: 'E-mail queue', to: `${paths.audit}?tab=mail`, active: tab === 'mail' }
        ]}
      />
      {tab === 'mail' ? (
        <OutboxPanel state={isMailState(state) ? state : null} onStateChange={(value) => setFilter('state', value)} />
      ) : (
        <ActivityPanel
          kind={activityKind}
          adminUid={adminUid}
          onKindChange={(value) => setFilter('kind', value)}
          onAdminChange={(value) => setFilter('admin', value)}
        />
      )}
    </div>
  );
}
