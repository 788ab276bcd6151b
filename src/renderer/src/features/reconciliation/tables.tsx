import { Scale } from 'lucide-react';
import type { ReconciliationRun } from '@shared/contract';
import { driftSentence } from '@shared/domain/reconciliation';
import { column } from '../../components/data-table/column';
import type { TitledTableProps } from '../../components/data-table/TitledTable';
import { formatCount, formatDateTime } from '../../lib/format';
import { MarkedCustomerLink } from '../../modules/customers/customer-columns';
import type { DriftedRow } from './api/reconciliation';
import { runnerWords, stateWords } from './runner';

/** What a table is, apart from its rows and title: its columns (and whose layout they keep), its noun, its order and its empty state. */
type TableOf<T extends { id: string }> = Pick<TitledTableProps<T>, 'list' | 'columns' | 'noun' | 'sortField' | 'empty'>;

/** Every run, newest first: who ran it, how far it got, what it found and what it cost in reads. */
export const runTable = {
  list: 'reconciliationRuns',
  columns: [
    column<ReconciliationRun>('started', 'Started', (run) => formatDateTime(run.startedAt), { skeleton: 'w-36', required: true }),
    column<ReconciliationRun>('by', 'Run by', (run) => runnerWords[run.by], { skeleton: 'w-40' }),
    column<ReconciliationRun>('startedBy', 'Started by', (run) => run.startedBy ?? '—', { skeleton: 'w-40' }),
    column<ReconciliationRun>('state', 'State', (run) => stateWords(run), { skeleton: 'w-24' }),
    column<ReconciliationRun>('checked', 'Customers checked', (run) => `${formatCount(run.totals.customers)} of ${formatCount(run.total)}`, {
      align: 'right',
      skeleton: 'w-20'
    }),
    column<ReconciliationRun>('drifted', 'Drifted', (run) => formatCount(run.totals.drifted), { align: 'right', skeleton: 'w-10' }),
    column<ReconciliationRun>('reads', 'Documents read', (run) => formatCount(run.totals.reads), { align: 'right', skeleton: 'w-16' })
  ],
  noun: { one: 'run', many: 'runs' },
  sortField: 'start',
  empty: { icon: Scale, title: 'No runs yet', description: 'Start a run, or set the nightly hour.' }
} satisfies TableOf<ReconciliationRun>;

/** The customers whose stored figures the last run found not to add up, each with what does not. */
export const driftedTable = {
  list: 'reconciliationDrifted',
  columns: [
    column<DriftedRow>(
      'customer',
      'Customer',
      (row) => <MarkedCustomerLink userId={row.userId}>{row.fullname ?? row.email ?? row.userId}</MarkedCustomerLink>,
      {
        skeleton: 'w-32',
        required: true
      }
    ),
    column<DriftedRow>('email', 'Email', (row) => row.email ?? '—', { skeleton: 'w-40' }),
    column<DriftedRow>(
      'drift',
      'What does not add up',
      (row) => (
        <ul className="space-y-0.5">
          {row.figures.flatMap((f) => {
            const sentence = driftSentence(f);
            return sentence ? [<li key={f.figure}>{sentence}</li>] : [];
          })}
        </ul>
      ),
      { skeleton: 'w-64' }
    )
  ],
  noun: { one: 'drifted customer', many: 'drifted customers' },
  sortField: 'customer id',
  empty: { icon: Scale, title: 'No drifted customers', description: 'Every figure checked so far adds up.' }
} satisfies TableOf<DriftedRow>;
