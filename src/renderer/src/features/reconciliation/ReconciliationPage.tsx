import { Pause, Play, RotateCw, Scale } from 'lucide-react';
import { useState } from 'react';
import type { ReconciliationRun } from '@shared/contract';
import { exportColumns } from '@shared/export/csv';
import { TitledTable } from '../../components/data-table/TitledTable';
import { ExportCsvButton } from '../../components/export/ExportCsvButton';
import { QueryErrorState } from '../../components/QueryErrorState';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { PageHeader } from '../../components/ui/PageHeader';
import { Skeleton } from '../../components/ui/Skeleton';
import { formatCount, formatDateTime, formatMoney } from '../../lib/format';
import { customersLoaded, SuspendedMarks } from '../../modules/customers/suspended-marks';
import { driftedFetcher, useDrifted, useLatestRun, useRunAction, useRuns } from './api/reconciliation';
import { NightlySetting } from './NightlySetting';
import { stateWords } from './runner';
import { useMay } from '../../lib/role';
import { driftedTable, runTable } from './tables';

function RunSummary({ run }: { run: ReconciliationRun }) {
  const done = run.totals.customers;
  const share = run.total > 0 ? Math.min(1, done / run.total) : 1;
  const facts: [string, string][] = [
    ['Customers checked', `${formatCount(done)} of ${formatCount(run.total)}`],
    ['Drifted customers', formatCount(run.totals.drifted)],
    ['Successful deposits', formatCount(run.totals.deposits)],
    ['Approved withdrawals', formatCount(run.totals.withdrawals)],
    ['Audited adjustments', formatCount(run.totals.adjustments)],
    ['Amounts not summed', formatCount(run.totals.unsummable)],
    ['Records of no customer', formatCount(run.totals.orphans)],
    ['Net unexplained deposits', formatMoney(run.totals.drift.Totaldeposit)],
    ['Net unexplained withdrawals', formatMoney(run.totals.drift.Totalwithdrawal)],
    ['Documents read', formatCount(run.totals.reads)]
  ];
  return (
    <section aria-label="The last run" className="space-y-4">
      <p className="text-sm text-slate-700">
        <span className="font-semibold">{stateWords(run)}</span> · {run.by === 'server' ? 'run by the server' : 'run by this desktop'} · started{' '}
        {formatDateTime(run.startedAt)}
        {run.startedBy ? ` by ${run.startedBy}` : ''}
        {run.finishedAt ? ` · finished ${formatDateTime(run.finishedAt)}` : ''}
        {run.error ? ` · ${run.error}` : ''}
      </p>
      <div
        role="progressbar"
        aria-label="Customers checked"
        aria-valuemin={0}
        aria-valuemax={run.total}
        aria-valuenow={done}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full bg-indigo-600 transition-[width]" style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-5">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-500">{label}</dt>
            <dd className="font-medium text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * Reconciliation: one pass over every customer checks their stored totals against their records
 * and audited adjustments (not the balance: the nightly check weighs it against the journal,
 * docs/product-rules.md §16.5); the run goes on in the background, can be stopped and resumed (also
 * after a restart), and keeps its drifted customers, listed here and exported as CSV.
 */
export function ReconciliationPage() {
  const latest = useLatestRun();
  const action = useRunAction();
  const [operationId, setOperationId] = useState(() => crypto.randomUUID());
  const run = latest.data ?? null;
  const drifted = useDrifted(run);
  const runs = useRuns(run);
  const start = () => action.mutate({ kind: 'start', operationId }, { onSuccess: () => setOperationId(crypto.randomUUID()) });
  // Starting, stopping and resuming a run are decisions (admin and owner); every role reads the results.
  const mayDecide = useMay('decide');

  const buttons = (
    <>
      {mayDecide && run && run.state === 'running' ? (
        <Button variant="secondary" busy={action.isPending} onClick={() => action.mutate({ kind: 'stop', id: run.id })}>
          <Pause aria-hidden />
          Stop
        </Button>
      ) : null}
      {mayDecide && run && run.state !== 'running' && run.state !== 'finished' ? (
        <Button variant="secondary" busy={action.isPending} onClick={() => action.mutate({ kind: 'resume', id: run.id })}>
          <RotateCw aria-hidden />
          Resume
        </Button>
      ) : null}
      {mayDecide && run?.state !== 'running' && (
        <Button busy={action.isPending} onClick={start}>
          <Play aria-hidden />
          Start a run
        </Button>
      )}
      {run && (
        <ExportCsvButton fetchPage={driftedFetcher(run.id)} columns={exportColumns.drifted} fileBaseName="reconciliation-drifted" noun="drifted customers" />
      )}
    </>
  );

  return (
    <div className="space-y-6">
      <PageHeader
        title="Reconciliation"
        description="Start a run checks every customer's stored Total deposit and Total withdrawal against their successful deposits, approved withdrawals and audited adjustments; it does not check the balance. The nightly check does: for each customer whose money changed, that the stored balance is the one their journal ends on, and that each new journal entry comes from an audited action or is marked as made outside Ledgerdesk."
        actions={buttons}
      />
      <Card className="p-5">
        {latest.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : latest.isError ? (
          <QueryErrorState query={latest} title="Couldn't load the last run" />
        ) : run ? (
          <RunSummary run={run} />
        ) : (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Scale aria-hidden className="size-4" />
            {mayDecide ? 'No run yet. Start one to check every customer; it reads each customer and record once.' : 'No run yet.'}
          </p>
        )}
      </Card>
      <NightlySetting />
      {run && (
        <SuspendedMarks customers={customersLoaded(drifted.data)}>
          <TitledTable title="Drifted customers of the last run" query={drifted} {...driftedTable} />
        </SuspendedMarks>
      )}
      {run && <TitledTable title="Every run" caption="Every run, newest first: on this desktop and on the server" query={runs} {...runTable} />}
    </div>
  );
}
