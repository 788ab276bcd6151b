import { Check, CircleMinus, Hourglass, X } from 'lucide-react';
import { plural } from '../../../lib/format';
import { Notice } from '../../../components/ui/Notice';
import type { ReviewRow } from '../status-change';
import type { RunResult } from './bulk-plan';
import { BulkRecord, RecordGroup } from './BulkRecord';
import { WhatItDoes } from './BulkSummary';

const marks = {
  done: { word: 'Done', className: 'text-emerald-700', Icon: Check },
  asked: { word: 'Awaiting approval', className: 'text-amber-700', Icon: Hourglass },
  refused: { word: 'Refused', className: 'text-rose-700', Icon: X },
  untouched: { word: 'Not changed', className: 'text-slate-500', Icon: CircleMinus }
} as const;

function Mark({ kind }: { kind: RunResult<unknown>['kind'] }) {
  const { word, className, Icon } = marks[kind];
  return (
    <span className={`inline-flex items-center gap-1 text-xs font-medium ${className}`}>
      <Icon aria-hidden className="size-3.5" />
      {word}
    </span>
  );
}

/** "4 done, 1 refused." ("2 awaiting a second administrator" when the policy covered some) and, after Stop, how many were left as they were. */
export function resultHeadline(results: readonly RunResult<unknown>[], stopped: boolean): { text: string; untouched: string | null } {
  const count = (kind: RunResult<unknown>['kind']) => results.filter((result) => result.kind === kind).length;
  const untouched = count('untouched');
  return {
    text: `${count('done')} done, ${count('asked') > 0 ? `${count('asked')} awaiting a second administrator, ` : ''}${count('refused')} refused.`,
    untouched: stopped && untouched > 0 ? `Stopped: ${plural(untouched, 'record')} ${untouched === 1 ? 'was' : 'were'} not changed.` : null
  };
}

/** Each record as the run left it: done, refused with the reason, or not changed after Stop. */
export function BulkResults<T extends ReviewRow>({ results, finished, stopped }: { results: RunResult<T>[]; finished: boolean; stopped: boolean }) {
  const headline = resultHeadline(results, stopped);
  return (
    <div className="space-y-3">
      {finished && (
        <Notice tone={results.some((result) => result.kind !== 'done') ? 'warning' : 'info'}>
          <p className="font-medium">{headline.text}</p>
          {headline.untouched && <p>{headline.untouched}</p>}
        </Notice>
      )}
      {results.length > 0 && (
        <RecordGroup title="Records">
          {results.map((result) => (
            <BulkRecord key={(result.row as ReviewRow).id} row={result.row} aside={<Mark kind={result.kind} />}>
              {result.kind === 'asked' && <p className="text-slate-700">Nothing applied yet: another administrator approves it on the Approvals screen.</p>}
              {result.kind === 'refused' && <p className="text-rose-700">{result.why}</p>}
              {result.kind === 'refused' && result.now && (
                <div aria-label="What this change would do now">
                  <p className="font-medium text-slate-700">{result.now.allowed ? 'What it would do now:' : 'Now refused:'}</p>
                  {result.now.allowed ? <WhatItDoes preview={result.now} /> : <p>{result.now.refusal?.message}</p>}
                </div>
              )}
            </BulkRecord>
          ))}
        </RecordGroup>
      )}
    </div>
  );
}
