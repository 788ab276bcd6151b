import { ArrowRight } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';
import { formatCount } from '../../../lib/format';
import type { StatusPreview } from '@shared/contract';
import { formatMoney } from '../../../lib/format';
import { activationLine, effectRows, emailLine } from '../../status/decision';
import type { ReviewRow } from '../status-change';
import { moneyMoved, type Judged } from './bulk-plan';
import { BulkRecord, RecordGroup } from './BulkRecord';
import { CustomerNotes } from './CustomerNotes';

/** What one record's change does, in the short lines of a list: figures, investment, e-mails, notes. */
export function WhatItDoes({ preview }: { preview: StatusPreview }) {
  const rows = effectRows(preview);
  return (
    <>
      {rows.length === 0 && <p>No customer figure changes.</p>}
      {rows.map((row) => (
        <p key={row.label} className="flex flex-wrap items-center gap-1 tabular-nums">
          {row.label}: <span className="text-slate-500">{row.before}</span>
          <ArrowRight className="size-3 text-slate-400" aria-label="to" />
          <span className="font-medium text-slate-800">{row.after}</span>
        </p>
      ))}
      {preview.activation && <p>{activationLine(preview.activation)}</p>}
      {preview.emails.map((email) => (
        <p key={`${email.to} ${email.kind}`}>{emailLine(email)}</p>
      ))}
      {preview.notes.map((note) => (
        <p key={note} className="text-amber-800">
          {note}
        </p>
      ))}
    </>
  );
}

const signed = (cents: number) => `${cents > 0 ? '+' : cents < 0 ? '−' : ''}${formatMoney(Math.abs(cents) / 100)}`;

/** The money every change together moves, per figure ("so far" while the summary is still being read). */
function Totals({ previews, reading }: { previews: StatusPreview[]; reading: boolean }) {
  const moved = moneyMoved(previews);
  return (
    <section aria-label="Money moved" className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset">
      <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{reading ? 'Money moved so far' : 'Money moved in all'}</h3>
      {moved.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No money moves.</p>
      ) : (
        <dl className="mt-1 space-y-0.5">
          {moved.map(({ figure, cents }) => (
            <div key={figure} className="flex justify-between gap-4 text-sm">
              <dt className="text-slate-700">{figure}</dt>
              <dd className="font-medium text-slate-900 tabular-nums">{signed(cents)}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** Records shown a page at a time: a summary of 500 is read, and drawn, in pages. */
const SHOWN = 25;

function PagedGroup<I>({ title, tone, items, render }: { title: string; tone?: 'plain' | 'refused'; items: I[]; render: (item: I) => ReactNode }) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(items.length / SHOWN));
  const shown = Math.min(page, pages - 1);
  return (
    <div className="space-y-1.5">
      <RecordGroup title={title} tone={tone}>
        {items.slice(shown * SHOWN, (shown + 1) * SHOWN).map(render)}
      </RecordGroup>
      {pages > 1 && (
        <div className="flex items-center justify-end gap-2 text-xs text-slate-500 tabular-nums">
          <span>
            {formatCount(shown * SHOWN + 1)}–{formatCount(Math.min(items.length, (shown + 1) * SHOWN))} of {formatCount(items.length)}
          </span>
          <Button variant="ghost" size="sm" disabled={shown === 0} onClick={() => setPage(shown - 1)}>
            Previous
          </Button>
          <Button variant="ghost" size="sm" disabled={shown >= pages - 1} onClick={() => setPage(shown + 1)}>
            Next
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * The summary a bulk change is decided on: what each record's change does, the totals, and who
 * cannot change and why. While `reading`, it shows the records read so far.
 */
export function BulkSummary<T extends ReviewRow>({
  judged,
  noun,
  reading = false
}: {
  judged: Judged<T>[];
  noun: { one: string; many: string };
  reading?: boolean;
}) {
  const changes = judged.flatMap((item) => (item.kind === 'changes' ? [item] : []));
  const cannot = judged.flatMap((item) => (item.kind === 'cannot' ? [item] : []));
  return (
    <div className="space-y-4">
      {changes.length > 0 && (
        <>
          <PagedGroup
            title={`Will change (${changes.length}${reading ? ' so far' : ''})`}
            items={changes}
            render={({ row, preview }) => (
              <BulkRecord key={row.id} row={row}>
                <WhatItDoes preview={preview} />
              </BulkRecord>
            )}
          />
          <Totals previews={changes.map((item) => item.preview)} reading={reading} />
        </>
      )}
      {cannot.length > 0 && (
        <PagedGroup
          title={`Cannot change (${cannot.length}${reading ? ' so far' : ''})`}
          tone="refused"
          items={cannot}
          render={({ row, why }) => (
            <BulkRecord key={row.id} row={row}>
              <p className="text-rose-700">{why}</p>
            </BulkRecord>
          )}
        />
      )}
      {changes.length === 0 && !reading && <p className="text-sm text-slate-700">None of the selected {noun.many} can take this status.</p>}
      <CustomerNotes rows={judged.map((item) => item.row)} />
    </div>
  );
}
