import { useSearchParams } from 'react-router-dom';
import { TabLinks } from '../../components/TabLinks';
import { PageHeader } from '../../components/ui/PageHeader';
import { ActivityPanel } from './components/ActivityPanel';
import { MailQueuePanel } from './components/MailQueuePanel';
import { isAuditKind, isMailState } from './kinds';

/** The tab and filters live in the URL (?tab=mail&state=failed, ?kind=deposit), so every view is linkable. */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'mail' ? 'mail' : 'activity';
  const kind = params.get('kind');
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
        <ActivityPanel kind={isAuditKind(kind) ? kind : null} onKindChange={(value) => setFilter('kind', value)} />
      )}
    </div>
  );
}
