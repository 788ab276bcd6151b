import type { QueryKey } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { StatusOutcome } from '../../../../shared/contract';
import type { ExportColumn } from '../../../../shared/export/csv';
import type { Result } from '../../../../shared/result';
import { call } from '../../lib/api';
import { asOneAction } from '../../lib/operations';
import { moneyKeys } from '../../lib/query-keys';
import { column } from '../data-table/column';
import type { Noun } from '../data-table/PagedFooter';
import { pagedQuery, type PageFetcher } from '../data-table/paged-query';
import { StatusChangeCell, type Confirmation } from '../status/StatusChangeCell';

export interface MoneyRow {
  id: string;
  status: string;
  email: string | null;
  username?: string | null;
}

/** How a row's status changes: the select, its lock, the question before money moves, the save. */
export interface StatusChange<T, S extends string> {
  statuses: readonly S[];
  /** Why a row can no longer change, null while it can; left out where records never lock. */
  lock?: (row: T) => string | null;
  /** A question for transitions that move money; null applies the change directly. */
  confirmation?: (row: T, next: S) => Confirmation | null;
  save: (id: string, status: S) => Promise<StatusOutcome>;
  /** Other screens the change can move; every money screen's figures by default. */
  alsoInvalidate?: QueryKey[];
  /** The column's id and header: "changeStatus", "Change Status" unless the list names it otherwise. */
  column?: { id: string; header: string };
}

/** One money list (deposits, withdrawals, investments, compound investments), as its feature defines it. */
export interface MoneyListDefinition<T extends MoneyRow, S extends string> {
  title: string;
  description: string;
  noun: Noun;
  /** The field the server sorts by, newest first. */
  sortField: string;
  empty: { icon: LucideIcon; title: string; description?: string };
  /** The toast when a page cannot be loaded: "Failed to load deposits." unless the list words it otherwise. */
  loadFailed?: string;
  /** The list's key factory and page fetcher (its feature's api/ module) and its CSV columns (src/shared/export/csv.ts). */
  source: { keys: { list: () => QueryKey }; fetchPage: PageFetcher<T>; exportColumns: ExportColumn<T>[] };
  status: StatusChange<T, S>;
  /** The table's columns; `changeStatus` is the status column, placed where the list shows it. */
  columns: (changeStatus: ColumnDef<T>) => ColumnDef<T>[];
  /** Between the header and the table, e.g. the Investments / Compound tabs. */
  above?: ReactNode;
}

function statusChangeColumn<T extends MoneyRow, S extends string>(noun: string, listKey: QueryKey, change: StatusChange<T, S>): ColumnDef<T> {
  const { statuses, lock, confirmation, save, alsoInvalidate = moneyKeys } = change;
  const { id, header } = change.column ?? { id: 'changeStatus', header: 'Change Status' };
  return column<T>(
    id,
    header,
    (row) => (
      <StatusChangeCell
        rowId={row.id}
        status={row.status}
        statuses={statuses}
        label={`Change status for ${noun} from ${row.email ?? row.username ?? row.id}`}
        lock={lock?.(row)}
        confirmation={confirmation && ((next) => confirmation(row, next))}
        save={(status) => save(row.id, status)}
        listKey={listKey}
        alsoInvalidate={alsoInvalidate}
      />
    ),
    { skeleton: 'w-28' }
  );
}

/** What MoneyListPage shows: a definition made ready by defineMoneyList. */
export interface MoneyList<T extends MoneyRow> extends Pick<MoneyListDefinition<T, never>, 'title' | 'description' | 'noun' | 'sortField' | 'empty' | 'above'> {
  query: ReturnType<typeof pagedQuery<T>>;
  tableColumns: ColumnDef<T>[];
  fetchPage: PageFetcher<T>;
  exportColumns: ExportColumn<T>[];
  /** "compound investments" -> compound-investments-2026-11-21.csv */
  fileBaseName: string;
  /** "Couldn't load deposits": the error state when the first page cannot be loaded. */
  errorTitle: string;
}

/** A definition made ready for MoneyListPage: its query, columns and wording, built once. */
export function defineMoneyList<T extends MoneyRow, S extends string>(definition: MoneyListDefinition<T, S>): MoneyList<T> {
  const { noun, source, status, columns, loadFailed = `Failed to load ${noun.many}.`, ...shown } = definition;
  const listKey = source.keys.list();
  return {
    ...shown,
    noun,
    query: pagedQuery(listKey, (cursor) => source.fetchPage(cursor), loadFailed),
    tableColumns: columns(statusChangeColumn(noun.one, listKey, status)),
    fetchPage: source.fetchPage,
    exportColumns: source.exportColumns,
    fileBaseName: noun.many.replaceAll(' ', '-'),
    errorTitle: `Couldn't load ${noun.many}`
  };
}

type SetStatusMethod<S extends string> = (input: { id: string; status: S; operationId: string }) => Promise<Result<StatusOutcome>>;

/**
 * The save of a list's status change, e.g. `statusSetter('deposits.setStatus', (input) => api().deposits.setStatus(input))`:
 * one operationId per administrator action, reused when the same change is sent again (lib/operations.ts).
 */
export const statusSetter =
  <S extends string>(method: string, setStatus: SetStatusMethod<S>) =>
  (id: string, status: S) =>
    asOneAction(method, { id, status }, (operationId) => call(() => setStatus({ id, status, operationId })));
