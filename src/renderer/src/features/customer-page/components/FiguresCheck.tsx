import { CircleAlert, CircleCheck, RefreshCw, Scale } from 'lucide-react';
import type { FigureCheckRow } from '@shared/contract';
import type { BalanceCheckView } from '@shared/schemas/reconciliation';
import { driftSentence, reconciledLabels } from '@shared/domain/reconciliation';
import { QueryErrorState } from '../../../components/QueryErrorState';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { HeaderRow } from '../../../components/ui/HeaderRow';
import { Skeleton } from '../../../components/ui/Skeleton';
import { cn } from '../../../lib/cn';
import { formatCount, formatDateTime, formatMoney, plural } from '../../../lib/format';
import { useFiguresCheck } from '../api/customer-page';

const cell = 'px-3 py-2 text-right tabular-nums';
/** FigureRow's columns: the figure's name, then its amounts, right-aligned. */
const figureColumns = [
  { label: 'Figure', className: 'text-left' },
  ...['Stored', 'From records', 'Adjustments', 'Unexplained'].map((label) => ({ label, className: 'text-right' }))
];

function FigureRow({ check }: { check: FigureCheckRow }) {
  const sentence = driftSentence(check);
  return (
    <tr className={cn('border-t border-slate-100', sentence && 'bg-rose-50')}>
      <th scope="row" className="px-3 py-2 text-left font-medium text-slate-800">
        {reconciledLabels[check.figure]}
        {sentence && <p className="mt-0.5 text-xs font-normal text-rose-800">{sentence}</p>}
        {check.unsummable > 0 && (
          <p className="mt-0.5 text-xs font-normal text-amber-800">{plural(check.unsummable, 'record')} with an amount that is not a number, not summed.</p>
        )}
      </th>
      <td className={cell}>{check.stored === null ? 'Not a number' : formatMoney(check.stored)}</td>
      <td className={cell}>
        {formatMoney(check.records)} <span className="text-xs text-slate-500">({formatCount(check.recordCount)})</span>
      </td>
      <td className={cell}>
        {formatMoney(check.adjustments)} <span className="text-xs text-slate-500">({formatCount(check.adjustmentCount)})</span>
      </td>
      <td className={cn(cell, 'font-semibold', sentence ? 'text-rose-700' : 'text-emerald-700')}>{check.drift === null ? '—' : formatMoney(check.drift)}</td>
    </tr>
  );
}

/** How each state of the balance check reads: explained in green, a missing head in amber, drift or a broken chain in red. */
const balanceTone: Record<BalanceCheckView['state'], string> = {
  explained: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  noHead: 'border-amber-200 bg-amber-50 text-amber-900',
  differs: 'border-rose-200 bg-rose-50 text-rose-900',
  broken: 'border-rose-200 bg-rose-50 text-rose-900'
};

/** The balance against the customer's journal head (docs/product-rules.md §16.1), in the check's own words. */
function BalanceLine({ balance }: { balance: BalanceCheckView }) {
  const Icon = balance.state === 'explained' ? CircleCheck : CircleAlert;
  return (
    <p className={cn('flex items-start gap-2 rounded-md border px-3 py-2 text-sm break-words', balanceTone[balance.state])}>
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>{balance.sentence}</span>
    </p>
  );
}

/**
 * "Figures check": each running total the customer document stores against what their records
 * (successful deposits, approved withdrawals) and audited Manage adjustments explain; what is left
 * is drift, highlighted with the amount nobody can explain. Read as the reconciliation run reads them, so the two agree.
 * Below them, the balance against the customer's journal.
 */
export function FiguresCheck({ userId }: { userId: string }) {
  const check = useFiguresCheck(userId);
  return (
    <Card className="p-5">
      <section aria-labelledby="figures-check-title" className="space-y-3">
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 id="figures-check-title" className="flex items-center gap-2 text-base font-semibold text-slate-900">
              <Scale aria-hidden className="size-4 text-slate-500" />
              Figures check
            </h2>
            <p className="text-sm text-slate-600">
              Stored totals against successful deposits, approved withdrawals and audited adjustments; the balance against the customer’s journal.
            </p>
          </div>
          <Button variant="secondary" aria-label="Check again" aria-busy={check.isFetching} onClick={() => void check.refetch()}>
            <RefreshCw aria-hidden className={cn(check.isFetching && 'animate-spin')} />
            Check again
          </Button>
        </div>
        {check.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : check.isError ? (
          <QueryErrorState query={check} title="Couldn't check the figures" />
        ) : (
          <>
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <thead className="text-xs font-medium text-slate-500">
                  <HeaderRow columns={figureColumns} cellClassName="px-3 py-2" />
                </thead>
                <tbody>
                  {check.data.figures.map((figure) => (
                    <FigureRow key={figure.figure} check={figure} />
                  ))}
                </tbody>
              </table>
            </div>
            <BalanceLine balance={check.data.balance} />
            <p className="text-xs text-slate-500">Checked {formatDateTime(check.data.asOf)}.</p>
          </>
        )}
      </section>
    </Card>
  );
}
