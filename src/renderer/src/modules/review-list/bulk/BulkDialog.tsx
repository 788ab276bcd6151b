import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { statusLabel } from '@shared/domain/statuses';
import { plural } from '../../../lib/format';
import { patchPagedRow } from '../../../components/data-table/paged-query';
import { checkReason, type ReasonRule } from '../../status/decision';
import { ReasonField } from '../../status/ReasonField';
import { useReasonDraft } from '../../status/use-reason-draft';
import { DraftRestoredNote } from '../../../components/DraftRestoredNote';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Notice } from '../../../components/ui/Notice';
import type { DecisionMethod, StatusChange } from '../../status/status-change';
import { rowWho, type ReviewRow } from '../status-change';
import { judgeAll, runBulk, type Judged, type RunResult } from './bulk-plan';
import { BulkResults } from './BulkResults';
import { BulkSummary } from './BulkSummary';
import { Progress } from './Progress';

/** A bulk action's words where it is not "Set <status>": a payout says "Pay out". */
export interface BulkWording {
  /** The bulk bar's button: "Pay out". */
  button: string;
  /** "Pay out 3 investments?" */
  title: (count: number) => string;
  /** The confirm button: "Pay out 3". */
  confirm: (count: number) => string;
  /** While it runs: "Paying out investments…". */
  running: string;
  /** Its result: "Result: investments paid out". */
  result: string;
}

interface BulkDialogProps<T extends ReviewRow, S extends string, M extends DecisionMethod> {
  rows: T[];
  status: S;
  change: StatusChange<T, S, M>;
  noun: { one: string; many: string };
  wording?: BulkWording;
  /** Where the reason typed is kept, so it survives an idle sign-out: "bulk:withdrawals:rejected". */
  draftKey: string;
  /** `ran`: some records were sent (the selection has served its purpose). */
  onClose: (ran: boolean) => void;
}

type Phase = 'review' | 'running' | 'finished';
const optionalNote: ReasonRule = { kind: 'optional' };

/** Said over a bulk credit or payout: a bulk decision sends no txid (docs/product-rules.md §5.6). */
export const NO_TXID_IN_BULK = 'These records will carry no transaction id (txid).';

/** How many records' previews the summary reads before it reads the next ones (and shows at once). */
export const SUMMARY_PAGE = 25;

/**
 * Reads every selected record's preview once, a page of SUMMARY_PAGE at a time (each page a few at a
 * time), so a selection of 500 shows its first records at once and never asks for all at the same
 * moment; `judged` grows page by page, `done` says when every record was read.
 */
function useJudged<T extends ReviewRow, S extends string, M extends DecisionMethod>(rows: T[], status: S, change: StatusChange<T, S, M>) {
  const [judged, setJudged] = useState<Judged<T>[]>([]);
  const [count, setCount] = useState(0);
  const [done, setDone] = useState(false);
  // The selection and the status are fixed for the dialog's life: read once, when it opens.
  const readAll = useEffectEvent(async (isCurrent: () => boolean) => {
    for (let start = 0; start < rows.length && isCurrent(); start += SUMMARY_PAGE) {
      const page = await judgeAll(rows.slice(start, start + SUMMARY_PAGE), status, change, (n) => isCurrent() && setCount(start + n));
      if (isCurrent()) setJudged((was) => [...was, ...page]);
    }
    if (isCurrent()) setDone(true);
  });
  useEffect(() => {
    let current = true;
    void readAll(() => current);
    return () => {
      current = false;
    };
  }, []);
  return { judged: done ? judged : null, soFar: judged, count };
}

/**
 * A bulk status change: one summary built from every record's preview, one reason for all, then each
 * record saved on its own (its own action, its own version) with a progress bar and Stop, and a
 * result that names each record done, refused (and why) or not changed.
 */
export function BulkDialog<T extends ReviewRow, S extends string, M extends DecisionMethod>({
  rows,
  status,
  change,
  noun,
  wording,
  draftKey,
  onClose: close
}: BulkDialogProps<T, S, M>) {
  const queryClient = useQueryClient();
  const { judged, soFar, count } = useJudged(rows, status, change);
  const rule = change.question(rows[0]!, status).reason ?? optionalNote;
  const question = change.question(rows[0]!, status);
  // The reason survives an idle sign-out; the run started or the summary closed forgets it.
  const reason = useReasonDraft(draftKey);
  const draft = reason.draft;
  const onClose = (ran: boolean) => {
    reason.forget();
    close(ran);
  };
  const [tried, setTried] = useState(false);
  const [phase, setPhase] = useState<Phase>('review');
  const [results, setResults] = useState<RunResult<T>[]>([]);
  const [stopping, setStopping] = useState(false);
  const stopRef = useRef(false);
  const startedRef = useRef(false);
  const checked = checkReason(rule, draft);
  const label = statusLabel(status);
  const changes = (judged ?? []).flatMap((item) => (item.kind === 'changes' ? [item] : []));

  const start = async () => {
    setTried(true);
    // A double click, or Enter held down, never starts a second run.
    if (!judged || changes.length === 0 || !checked.ok || startedRef.current) return;
    startedRef.current = true;
    reason.forget();
    setPhase('running');
    const given = checked.reason;
    await runBulk(changes, (row, version) => change.save(change.decision(row.id, status, { version, reason: given, txid: null })), {
      stopped: () => stopRef.current,
      reread: (row) => change.preview(row.id, status, {}),
      onResult: (result) => {
        if (result.kind === 'done') patchPagedRow<ReviewRow>(queryClient, change.listKey, result.row.id, { status: result.outcome.status });
        // Asked, not applied: the record keeps its status and shows it awaits approval.
        if (result.kind === 'asked')
          patchPagedRow<ReviewRow & { approvalRequestId: string }>(queryClient, change.listKey, result.row.id, {
            approvalRequestId: result.outcome.approvalRequestId
          });
        setResults((was) => [...was, result]);
      }
    });
    for (const queryKey of [change.listKey, ...change.alsoInvalidate]) void queryClient.invalidateQueries({ queryKey });
    setPhase('finished');
  };

  // The records that could not take the status are refused too, with the summary's reason.
  const shown: RunResult<T>[] =
    phase === 'finished' && judged
      ? judged.map((item) => (item.kind === 'cannot' ? { row: item.row, kind: 'refused', why: item.why } : results.find((r) => r.row.id === item.row.id)!))
      : results;

  const title =
    phase === 'review'
      ? (wording?.title(rows.length) ?? `Set ${plural(rows.length, noun.one)} to ${label}?`)
      : phase === 'running'
        ? (wording?.running ?? `Setting ${noun.many} to ${label}…`)
        : (wording?.result ?? `Result: ${noun.many} set to ${label}`);

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && phase !== 'running' && onClose(phase === 'finished')}
      title={title}
      description={phase === 'review' ? `Each ${noun.one} is saved on its own: one that is refused does not stop or undo the others.` : undefined}
      role="alertdialog"
      hideClose
      size="wide"
      className="max-h-[calc(100vh-2rem)] overflow-y-auto"
    >
      <div className="mt-4 space-y-4">
        {phase === 'review' && question.txid && <Notice tone="warning">{NO_TXID_IN_BULK} To record the chain transaction of one, decide it on its own.</Notice>}
        {phase === 'review' && !judged && <Progress label={`Reading what each change does`} done={count} total={rows.length} />}
        {phase === 'review' && soFar.length > 0 && <BulkSummary judged={soFar} noun={noun} reading={judged === null} />}
        {phase === 'review' && (judged === null || changes.length > 0) && (
          <>
            {reason.restored && <DraftRestoredNote what="the reason you typed earlier is back." onDiscard={reason.discard} />}
            <ReasonField rule={rule} draft={draft} onChange={reason.change} problem={tried && !checked.ok ? checked.problem : null} />
          </>
        )}
        {phase !== 'review' && (
          <>
            <Progress label={`Saving ${noun.many}`} done={results.length} total={changes.length} />
            {phase === 'running' && changes[results.length] && !stopRef.current && (
              <p role="status" className="text-sm text-slate-600">
                Saving the {noun.one} from {rowWho(changes[results.length]!.row)}…
              </p>
            )}
            <BulkResults results={shown} finished={phase === 'finished'} stopped={stopRef.current} />
          </>
        )}
      </div>
      <div className="mt-6 flex justify-end gap-3">
        {phase === 'review' && (
          <>
            <Button variant="secondary" onClick={() => onClose(false)} autoFocus>
              Cancel
            </Button>
            <Button variant={question.tone ?? 'primary'} disabled={!judged || changes.length === 0} onClick={() => void start()}>
              {wording ? wording.confirm(changes.length) : `Set ${changes.length} to ${label}`}
            </Button>
          </>
        )}
        {phase === 'running' && (
          <Button
            variant="secondary"
            busy={stopping}
            onClick={() => {
              stopRef.current = true;
              setStopping(true);
            }}
          >
            {stopping ? 'Stopping after this one…' : 'Stop'}
          </Button>
        )}
        {phase === 'finished' && (
          <Button variant="secondary" onClick={() => onClose(true)} autoFocus>
            Close
          </Button>
        )}
      </div>
    </Dialog>
  );
}
