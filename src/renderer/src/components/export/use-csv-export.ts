import { useCallback, useEffect, useRef, useState } from 'react';
import type { Page } from '@shared/contract';
import type { PageFetcher } from '../data-table/paged-query';
import { toCsv, type ExportColumn } from '@shared/export/csv';
import { api, call, errorMessage } from '../../lib/api';
import { downloadText } from '../../lib/download';
import { formatCount, isoInZone, localDay, zoneName } from '../../lib/format';
import { notify } from '../../lib/notify';

/** The biggest page a list method accepts: fewer round trips for a big export. */
export const EXPORT_PAGE_SIZE = 500;

export type { PageFetcher };

export interface CsvExportOptions<Row> {
  fetchPage: PageFetcher<Row>;
  columns: ExportColumn<Row>[];
  /** "deposits" -> deposits-2026-11-21.csv */
  fileBaseName: string;
  /** The whole file name when the list says more than its base (its filters), asked when the file is written. */
  fileName?: () => string;
}

export type CsvExportState =
  | { phase: 'idle' }
  /** total: rows the list holds (from its first page); null until known. */
  | { phase: 'fetching'; fetched: number; total: number | null; cancelling: boolean }
  | { phase: 'saving'; fetched: number; total: number | null };

/** deposits-2026-11-21.csv, in the administrator's own calendar day. */
export const exportFileName = (base: string, now = new Date()): string => `${base}-${localDay(now)}.csv`;

const rowsText = (n: number) => `${formatCount(n)} ${n === 1 ? 'row' : 'rows'}`;

/** A byte-order mark, so spreadsheet apps read names with accents as UTF-8. */
const BOM = '\ufeff';

class Cancelled extends Error {}

/**
 * Fetches every record of a list page by page (500 at a time), then writes one CSV: through the
 * desktop app's save dialog, or as a download in browser mode. Cancel stops after the page in
 * flight and saves nothing.
 */
export function useCsvExport<Row>({ fetchPage, columns, fileBaseName, fileName: nameOf }: CsvExportOptions<Row>) {
  const [state, setState] = useState<CsvExportState>({ phase: 'idle' });
  const cancelled = useRef(false);
  const running = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      // Leaving the screen abandons the export: nothing is saved behind the administrator's back.
      mounted.current = false;
      cancelled.current = true;
    };
  }, []);

  const update = (next: CsvExportState) => {
    if (mounted.current) setState(next);
  };

  const start = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    cancelled.current = false;
    update({ phase: 'fetching', fetched: 0, total: null, cancelling: false });
    try {
      const rows: Row[] = [];
      let total: number | null = null;
      let cursor: string | null = null;
      do {
        const page: Page<Row> = await fetchPage(cursor, EXPORT_PAGE_SIZE);
        if (cancelled.current) throw new Cancelled();
        if (total === null && page.total !== null) total = page.total;
        rows.push(...page.rows);
        cursor = page.nextCursor;
        update({ phase: 'fetching', fetched: rows.length, total, cancelling: false });
      } while (cursor);

      update({ phase: 'saving', fetched: rows.length, total });
      const fileName = nameOf ? nameOf() : exportFileName(fileBaseName);
      // Times at the wall clock the screens show, with its offset; the time columns' headers name the zone.
      const content = BOM + toCsv(columns, rows, { zone: zoneName(), write: isoInZone });
      const { transport } = await call(() => api().app.info({}));
      if (transport === 'electron') {
        const saved = await call(() => api().files.saveCsv({ suggestedName: fileName, content }));
        if (!saved) throw new Cancelled();
        notify.success(`Exported ${rowsText(rows.length)} to ${saved.path}.`);
      } else {
        downloadText(fileName, content, 'text/csv;charset=utf-8');
        notify.success(`Exported ${rowsText(rows.length)}.`);
      }
    } catch (error) {
      if (error instanceof Cancelled) notify.success('Export cancelled.');
      else notify.error('Export failed.', errorMessage(error));
    } finally {
      running.current = false;
      update({ phase: 'idle' });
    }
  }, [fetchPage, columns, fileBaseName, nameOf]);

  const cancel = useCallback(() => {
    if (!running.current) return;
    cancelled.current = true;
    setState((current) => (current.phase === 'fetching' ? { ...current, cancelling: true } : current));
  }, []);

  return { state, start, cancel };
}
