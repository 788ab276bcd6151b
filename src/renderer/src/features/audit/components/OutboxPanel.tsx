import { Mail } from 'lucide-react';
import type { MailState } from '@shared/contract';
import { statusLabel } from '@shared/domain/statuses';
import { ColumnsButton } from '../../../components/data-table/ColumnsButton';
import { PagedTable } from '../../../components/data-table/PagedTable';
import { useColumnLayout } from '../../../lib/column-layouts';
import { useOutboxCounts, useMailOutbox } from '../api/mail';
import { useMailChanged } from '../hooks/use-mail-changed';
import { mailStateList } from '../../../modules/audit/kinds';
import { mailTable } from '../../../modules/audit/mail-columns';
import { MailDeliverySetting } from './MailDeliverySetting';
import { OutboxCounts } from './OutboxCounts';
import { PanelToolbar } from './PanelToolbar';

export function OutboxPanel({ state, onStateChange }: { state: MailState | null; onStateChange: (state: MailState | null) => void }) {
  useMailChanged();
  const counts = useOutboxCounts();
  const outbox = useMailOutbox(state);
  const layout = useColumnLayout('mailOutbox');
  return (
    <section aria-label="E-mail queue" className="space-y-4">
      <MailDeliverySetting />
      <OutboxCounts counts={counts.data} />
      <PanelToolbar
        query={outbox}
        columnsButton={<ColumnsButton columns={mailTable.columns} layout={layout} what="e-mails" />}
        filter={{ label: 'State', allLabel: 'All states', values: mailStateList, labelOf: statusLabel, value: state, onChange: onStateChange }}
      />
      <PagedTable
        query={outbox}
        {...mailTable}
        layout={layout}
        caption="E-mail queue, newest first"
        empty={{
          icon: Mail,
          title: state ? `No ${state} e-mails` : 'No e-mails yet',
          description: 'E-mails to customers are queued here when a deposit or withdrawal is decided.'
        }}
        errorTitle="Couldn't load the e-mail queue"
      />
    </section>
  );
}
