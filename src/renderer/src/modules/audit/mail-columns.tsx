import type { MailEntry } from '@shared/contract';
import { DateCell } from '../../components/data-table/cells';
import { column } from '../../components/data-table/column';
import type { PagedTableProps } from '../../components/data-table/PagedTable';
import { StatusBadge } from '../status/StatusBadge';
import { formatDateTime, plural } from '../../lib/format';
import { RetryMailButton } from './RetryMailButton';
import { mailKindLabels } from './kinds';

function RecipientCell({ entry }: { entry: MailEntry }) {
  return (
    <div className="min-w-0">
      {entry.toName && entry.toName !== entry.to && <p className="font-medium text-slate-900">{entry.toName}</p>}
      <p className="text-slate-600">{entry.to}</p>
    </div>
  );
}

function SubjectCell({ entry }: { entry: MailEntry }) {
  return (
    <div className="min-w-0">
      <p className="text-slate-900">{entry.subject}</p>
      <p className="text-xs text-slate-500">
        {mailKindLabels[entry.kind] ?? entry.kind}
        {entry.about && <span className="font-mono text-slate-500"> · {entry.about}</span>}
      </p>
    </div>
  );
}

function StateCell({ entry }: { entry: MailEntry }) {
  return (
    <div className="space-y-1">
      <StatusBadge status={entry.state} />
      {entry.state === 'sent' && entry.sentAt && <p className="text-xs text-slate-500">Sent {formatDateTime(entry.sentAt)}</p>}
      {entry.state !== 'sent' && entry.attempts > 0 && (
        <p className="text-xs text-slate-500">
          {plural(entry.attempts, 'attempt')}
          {entry.nextAttemptAt && entry.state !== 'failed' && <>, next {formatDateTime(entry.nextAttemptAt)}</>}
        </p>
      )}
      {entry.lastError && entry.state !== 'sent' && <p className="max-w-xs text-xs text-rose-700 [overflow-wrap:anywhere]">{entry.lastError}</p>}
    </div>
  );
}

/** The e-mail list as every table of it shows it (the outbox, a customer's e-mails): created, recipient, subject, state (with attempts and the last error) and Retry for failed ones. */
export const mailTable = {
  columns: [
    column<MailEntry>('createdAt', 'Created', (entry) => <DateCell value={entry.createdAt} />, {
      className: 'w-44 align-top',
      skeleton: 'w-32'
    }),
    column<MailEntry>('to', 'Recipient', (entry) => <RecipientCell entry={entry} />, { className: 'align-top', skeleton: 'w-44', required: true }),
    column<MailEntry>('subject', 'Subject', (entry) => <SubjectCell entry={entry} />, { className: 'align-top', skeleton: 'w-64' }),
    column<MailEntry>('state', 'State', (entry) => <StateCell entry={entry} />, { className: 'align-top', skeleton: 'w-16' }),
    column<MailEntry>('actions', 'Actions', (entry) => (entry.state === 'failed' ? <RetryMailButton id={entry.id} to={entry.to} /> : null), {
      align: 'right',
      className: 'w-28 align-top',
      skeleton: 'w-14'
    })
  ],
  noun: { one: 'e-mail', many: 'e-mails' },
  sortField: 'creation date'
} satisfies Pick<PagedTableProps<MailEntry>, 'columns' | 'noun' | 'sortField'>;
