import { useSearchParams } from 'react-router-dom';
import type { AuditEntry } from '../../../../shared/contract';
import type { AuditKind } from '../../../../shared/domain/changeset';
import { exportColumns } from '../../../../shared/export/csv';
import { cursorInput } from '../../components/data-table/paged-query';
import { ExportCsvButton } from '../../components/export/ExportCsvButton';
import type { PageFetcher } from '../../components/export/use-csv-export';
import { TabLinks } from '../../components/TabLinks';
import { PageHeader } from '../../components/ui/PageHeader';
import { api, call } from '../../lib/api';
import { ActivityPanel } from './components/ActivityPanel';
import { MailQueuePanel } from './components/MailQueuePanel';
import { auditKindLabels, isAuditKind, isMailState } from './kinds';

/** The activity of one kind (or all), 500 entries a page, for Export CSV. */
const auditFetcher =
  (kind: AuditKind | null): PageFetcher<AuditEntry> =>
  (cursor, pageSize) =>
    call(() => api().audit.list({ ...cursorInput(cursor), pageSize, ...(kind ? { kind } : {}) }));

/** The tab and filters live in the URL (?tab=mail&state=failed, ?kind=deposit), so every view is linkable. */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'mail' ? 'mail' : 'activity';
  const kind = params.get('kind');
  const activityKind = isAuditKind(kind) ? kind : null;
  const state = params.get('state');

  const setFilter = (name: 'kind' | 'state', value: string | null) =>
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
            // Exports the entries the Activity tab shows: the current kind filter applies.
            <ExportCsvButton
              fetchPage={auditFetcher(activityKind)}
              columns={exportColumns.audit}
              fileBaseName={activityKind ? `audit-${activityKind}` : 'audit'}
              noun={activityKind ? `${auditKindLabels[activityKind].toLowerCase()} activity` : 'the audit log'}
            />
          )
        }
      />
      <TabLinks
        label="Audit log sections"
        tabs={[
          { label: 'Activity', to: '/audit', active: tab === 'activity' },
          { label: 'E-mail queue', to: '/audit?tab=mail', active: tab === 'mail' }
        ]}
      />
      {tab === 'mail' ? (
        <MailQueuePanel state={isMailState(state) ? state : null} onStateChange={(value) => setFilter('state', value)} />
      ) : (
        <ActivityPanel kind={activityKind} onKindChange={(value) => setFilter('kind', value)} />
      )}
    </div>
  );
}
