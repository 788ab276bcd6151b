import { FileDown } from 'lucide-react';
import type { ExportColumn } from '@shared/export/csv';
import { cn } from '../../lib/cn';
import { useRegisterExport } from '../../lib/current-view';
import { formatCount } from '../../lib/format';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { EXPORT_PAGE_SIZE, useCsvExport, type CsvExportState, type PageFetcher } from './use-csv-export';

export interface ExportCsvButtonProps<Row> {
  /** One page of the list method; called with pageSize 500 until nextCursor is null. */
  fetchPage: PageFetcher<Row>;
  /** From exportColumns in src/shared/export/csv.ts. */
  columns: ExportColumn<Row>[];
  /** "deposits" -> deposits-2026-11-21.csv */
  fileBaseName: string;
  /** What is exported, in the progress window: "deposits". Defaults to fileBaseName. */
  noun?: string;
  /** The whole file name, when the list's filters name it (money lists); otherwise base-YYYY-MM-DD.csv. */
  fileName?: () => string;
}

/**
 * "Export CSV" for a list screen's header. Drop in with the list method, e.g.
 *
 *   <ExportCsvButton
 *     fileBaseName="deposits"
 *     columns={exportColumns.deposits}
 *     fetchPage={pageFetcher((input) => api().deposits.list(input))}
 *   />
 *
 * Keep fetchPage stable (module level or useCallback) when it closes over nothing that changes.
 */
export function ExportCsvButton<Row>({ fetchPage, columns, fileBaseName, noun, fileName }: ExportCsvButtonProps<Row>) {
  const { state, start, cancel } = useCsvExport({ fetchPage, columns, fileBaseName, ...(fileName ? { fileName } : {}) });
  const running = state.phase !== 'idle';
  // The command palette's "Export CSV" runs this same export, progress window and toasts included.
  useRegisterExport(noun ?? fileBaseName, () => void start());
  return (
    <>
      <Button variant="secondary" busy={running} onClick={() => void start()}>
        {!running && <FileDown aria-hidden />}
        Export CSV
      </Button>
      <ExportProgress state={state} noun={noun ?? fileBaseName} onCancel={cancel} />
    </>
  );
}

function progressText(state: Exclude<CsvExportState, { phase: 'idle' }>): string {
  const fetched = formatCount(state.fetched);
  const of = state.total !== null ? ` of ${formatCount(state.total)}` : '';
  if (state.phase === 'saving') return `Saving ${fetched} ${state.fetched === 1 ? 'row' : 'rows'}…`;
  return `Fetched ${fetched}${of} ${state.total === 1 || (state.total === null && state.fetched === 1) ? 'row' : 'rows'}`;
}

/** The progress window: a bar, "Fetched 1,200 of 5,000 rows", and Cancel while pages are still coming. */
function ExportProgress({ state, noun, onCancel }: { state: CsvExportState; noun: string; onCancel: () => void }) {
  if (state.phase === 'idle') return null;
  const known = state.total !== null && state.total > 0;
  const ratio = state.phase === 'saving' ? 1 : known ? Math.min(1, state.fetched / state.total!) : 0;
  const cancelling = state.phase === 'fetching' && state.cancelling;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        // Escape or a click outside asks to cancel; the window closes when the page in flight is done.
        if (!open && state.phase === 'fetching') onCancel();
      }}
      title={`Exporting ${noun}`}
      description={
        state.phase === 'saving'
          ? 'Writing the file…'
          : `Reading every record, ${formatCount(EXPORT_PAGE_SIZE)} at a time. Nothing is saved until all of them are in.`
      }
      hideClose
    >
      <div className="mt-5 space-y-2">
        <div
          role="progressbar"
          aria-label={`Exporting ${noun}`}
          aria-valuemin={0}
          aria-valuemax={known ? state.total! : undefined}
          aria-valuenow={known ? state.fetched : undefined}
          aria-valuetext={progressText(state)}
          className="h-2 overflow-hidden rounded-full bg-slate-100"
        >
          <div
            className={cn('h-full rounded-full bg-indigo-600 transition-[width] duration-300', !known && state.phase === 'fetching' && 'w-1/3 animate-pulse')}
            style={known || state.phase === 'saving' ? { width: `${Math.max(2, ratio * 100)}%` } : undefined}
          />
        </div>
        <p className="text-sm text-slate-600 tabular-nums" aria-live="polite">
          {cancelling ? 'Cancelling after the current page…' : progressText(state)}
        </p>
      </div>
      <div className="mt-6 flex justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={state.phase !== 'fetching' || cancelling} autoFocus>
          Cancel
        </Button>
      </div>
    </Dialog>
  );
}
