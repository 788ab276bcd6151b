import type { QueryKey } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Page, StatusCounts, StatusOutcome, StatusPreview } from '../../../../shared/contract';
import { exportColumns, type ExportColumn } from '../../../../shared/export/csv';
import { lists, type ListDefinition } from '../../../../shared/queries/lists';
import { statusLabel } from '../../../../shared/domain/statuses';
import type { Result } from '../../../../shared/result';
import { api, call } from '../../lib/api';
import { asOneAction } from '../../lib/operations';
import { listKeys, moneyKeys } from '../../lib/query-keys';
import { column } from '../../components/data-table/column';
import type { Noun } from '../../components/data-table/PagedFooter';
import type { PageFetcher } from '../../components/data-table/paged-query';
import type { DecisionChoice } from '../status/DecisionDialog';
import { StatusChangeCell, type Confirmation } from '../status/StatusChangeCell';
import type { MoneyQueryInput } from './filters';

export interface MoneyRow {
  id: string;
  status: string;
  email: string | null;
  username?: string | null;
}

/** The four money lists, by the name src/shared/queries/lists.ts gives them. */
export type MoneyListName = 'deposits' | 'withdrawals' | 'investments' | 'compoundInvestments';

/** How a row's status changes: the select, its lock, the decision asked on the change's preview, the save. */
export interface StatusChange<T, S extends string> {
  statuses: readonly S[];
  /** Why a row can no longer change, null while it can; left out where records never lock. */
  lock?: (row: T) => string | null;
  /** The question for a change (wording, reason, facts); a plain "Set this … to …?" with an optional note when null. */
  confirmation?: (row: T, next: S) => Confirmation | null;
  /** What the change would do (the contract's `<list>.preview`). */
  preview: (id: string, status: S) => Promise<StatusPreview>;
  save: (id: string, status: S, choice: DecisionChoice) => Promise<StatusOutcome>;
  /** The toast's title when a change fails, with the reason beneath; the reason alone when left out. */
  failed?: string;
  /** Other screens the change can move; every money screen's figures by default. */
  alsoInvalidate?: QueryKey[];
  /** The column's id and header: "changeStatus", "Change Status" unless the list names it otherwise. */
  column?: { id: string; header: string };
}

/** What a list method takes: the filters, and where the page starts and how big it is. */
export type ListInput<S extends string> = Omit<MoneyQueryInput, 'status'> & { status?: S; cursor?: string; pageSize?: number };
export type CountsInput = Pick<MoneyQueryInput, 'customer' | 'from' | 'to'>;

/**
 * A money list's two read methods and its export columns, found by the list's name: the contract
 * names each list's methods after it ('deposits.list', 'deposits.counts'), csv.ts its columns.
 */
export interface MoneySource<T, S extends string> {
  list: (input: ListInput<S>) => Promise<Result<Page<T>>>;
  counts: (input: CountsInput) => Promise<Result<StatusCounts>>;
  exportColumns: ExportColumn<T>[];
}

function moneySource<T, S extends string>(name: MoneyListName): MoneySource<T, S> {
  return {
    list: (input: ListInput<S>) => api()[name].list(input as never) as Promise<Result<Page<T>>>,
    counts: (input: CountsInput): Promise<Result<StatusCounts>> => api()[name].counts(input),
    exportColumns: exportColumns[name] as unknown as ExportColumn<T>[]
  };
}

/** One money list (deposits, withdrawals, investments, compound investments), as its module defines it. */
export interface MoneyListDefinition<T extends MoneyRow, S extends string> {
  /** Its description in src/shared/queries/lists.ts: filters, the date it sorts by, the orders it allows. */
  name: MoneyListName;
  /** Where its rows come from; by default the contract's methods of the same name (tests give their own). */
  source?: MoneySource<T, S>;
  /** Its cache root in lib/query-keys.ts, e.g. rootKeys.deposits. */
  root: QueryKey;
  title: string;
  description: string;
  noun: Noun;
  /** The date the list sorts by, in words, for the note about records that lack it: "timestamp". */
  sortField: string;
  empty: { icon: LucideIcon; title: string; description?: string };
  /** The toast when a page cannot be loaded: "Failed to load deposits." unless the list words it otherwise. */
  loadFailed?: string;
  status: StatusChange<T, S>;
  /** The table's columns; `changeStatus` is the status column, placed where the list shows it. */
  columns: (changeStatus: ColumnDef<T>) => ColumnDef<T>[];
  /** Between the header and the filters on the list's own screen, e.g. the Investments / Compound tabs. */
  above?: ReactNode;
  /** What Enter on a row opens: the row's own details (a withdrawal's facts), or the customer's page at this record (the default). */
  opens?: 'details' | 'customer';
}

/** "Set this investment from olivia@gmail.com to Completed?": a change that moves no money, still decided on its preview. */
export function plainConfirmation<S extends string>(noun: string, row: MoneyRow, next: S): Confirmation {
  const who = row.email ?? row.username;
  const to = statusLabel(next);
  return { title: `Change ${noun} status?`, description: `Set this ${noun}${who ? ` from ${who}` : ''} to ${to}?`, confirmLabel: `Set ${to}` };
}

/** Who a row is about, in words: its customer's e-mail, else their name, else the record's id. */
export const rowWho = (row: MoneyRow): string => row.email ?? row.username ?? row.id;

/**
 * A list's status change as one record at a time, with everything already bound to the list: the
 * select's cell, the keys on a row and a bulk change all decide and save through it.
 */
export interface BoundStatusChange<T> {
  statuses: readonly string[];
  lock: (row: T) => string | null;
  question: (row: T, next: string) => Confirmation;
  preview: (id: string, status: string) => Promise<StatusPreview>;
  save: (id: string, status: string, choice: DecisionChoice) => Promise<StatusOutcome>;
  failed?: string;
  /** The paged list a row belongs to (patched at once), then everything a change can move. */
  listKey: QueryKey;
  alsoInvalidate: QueryKey[];
}

function bindStatusChange<T extends MoneyRow, S extends string>(noun: string, listKey: QueryKey, root: QueryKey, change: StatusChange<T, S>): BoundStatusChange<T> {
  const { statuses, lock, confirmation, preview, save, failed, alsoInvalidate = moneyKeys } = change;
  const known = (status: string) => status as S;
  return {
    statuses,
    lock: (row) => lock?.(row) ?? null,
    question: (row, next) => confirmation?.(row, known(next)) ?? plainConfirmation(noun, row, next),
    preview: (id, status) => preview(id, known(status)),
    save: (id, status, choice) => save(id, known(status), choice),
    ...(failed ? { failed } : {}),
    listKey,
    // The list's own tab counts move too (a pending record that is approved leaves "Pending").
    alsoInvalidate: [root, ...alsoInvalidate]
  };
}

function statusChangeColumn<T extends MoneyRow>(noun: string, root: QueryKey, change: BoundStatusChange<T>, hasLock: boolean, header: { id: string; header: string }): ColumnDef<T> {
  return column<T>(
    header.id,
    header.header,
    (row) => (
      <StatusChangeCell
        rowId={row.id}
        status={row.status}
        statuses={change.statuses}
        label={`Change status for ${noun} from ${rowWho(row)}`}
        lock={hasLock ? change.lock(row) : undefined}
        confirmation={(next) => change.question(row, next)}
        preview={(status) => change.preview(row.id, status)}
        // Outside the list's root: a refresh of the list must not swap the preview being decided on.
        previewKey={(status) => ['statusPreview', ...root, row.id, status]}
        save={(status, choice) => change.save(row.id, status, choice)}
        {...(change.failed ? { failed: change.failed } : {})}
        listKey={change.listKey}
        alsoInvalidate={change.alsoInvalidate}
      />
    ),
    { skeleton: 'w-28' }
  );
}

/** What MoneyListPage shows: a definition made ready by defineMoneyList. */
export interface MoneyList<T extends MoneyRow> extends Pick<MoneyListDefinition<T, string>, 'title' | 'description' | 'noun' | 'sortField' | 'empty' | 'above'> {
  definition: ListDefinition;
  /** The statuses of the tabs, in the order the screens list them. */
  statuses: readonly string[];
  keys: ReturnType<typeof listKeys>;
  loadFailed: string;
  tableColumns: ColumnDef<T>[];
  /** The page fetcher of one set of filters (the screen's pages and Export CSV's 500-row pages). */
  fetcher: (input: MoneyQueryInput) => PageFetcher<T>;
  counts: (input: CountsInput) => Promise<StatusCounts>;
  exportColumns: ExportColumn<T>[];
  /** "compound investments" -> compound-investments-… .csv */
  fileBaseName: string;
  /** "Couldn't load deposits": the error state when the first page cannot be loaded. */
  errorTitle: string;
  /** The status change, for the keys on a row and bulk changes. */
  change: BoundStatusChange<T>;
  opens: 'details' | 'customer';
  /** The list's name in src/shared/queries/lists.ts (the customer page's tab of the same records). */
  name: MoneyListName;
}

/** A definition made ready for MoneyListPage: its keys, fetchers, columns and wording, built once. */
export function defineMoneyList<T extends MoneyRow, S extends string>(definition: MoneyListDefinition<T, S>): MoneyList<T> {
  const { name, root, noun, status, columns, loadFailed = `Failed to load ${noun.many}.`, opens = 'customer', ...shown } = definition;
  const keys = listKeys(root);
  const change = bindStatusChange(noun.one, keys.list(), root, status);
  const source = definition.source ?? moneySource<T, S>(name);
  return {
    ...shown,
    noun,
    definition: lists[name],
    statuses: status.statuses,
    keys,
    loadFailed,
    tableColumns: columns(statusChangeColumn(noun.one, root, change, status.lock !== undefined, status.column ?? { id: 'changeStatus', header: 'Change Status' })),
    change,
    opens,
    name,
    // The status comes from the URL, checked against `statuses` (filtersFromSearch).
    fetcher: (input) => (cursor, pageSize) => {
      const { focus, ...filters } = input;
      return call(() =>
        source.list({
          ...(filters as ListInput<S>),
          // A cursor already places the page; the focused record places only the first one.
          ...(cursor ? { cursor } : focus ? { focus } : {}),
          ...(pageSize ? { pageSize } : {})
        })
      );
    },
    counts: (input) => call(() => source.counts(input)),
    exportColumns: source.exportColumns,
    fileBaseName: noun.many.replaceAll(' ', '-'),
    errorTitle: `Couldn't load ${noun.many}`
  };
}

/** What a list's setStatus takes: the change, its action's id, and the preview's version and reason it was decided on. */
interface SetStatusInput<S extends string> {
  id: string;
  status: S;
  operationId: string;
  version: string;
  reason?: string;
}
type SetStatusMethod<S extends string> = (input: SetStatusInput<S>) => Promise<Result<StatusOutcome>>;

/**
 * The save of a list's status change, e.g. `statusSetter('deposits.setStatus', (input) => api().deposits.setStatus(input))`:
 * one operationId per administrator action, reused when the same change is sent again (lib/operations.ts),
 * sent with the version of the preview it was decided on, so a change on figures that moved is refused.
 */
export const statusSetter =
  <S extends string>(method: string, setStatus: SetStatusMethod<S>) =>
  (id: string, status: S, { version, reason }: DecisionChoice) =>
    asOneAction(method, { id, status }, (operationId) =>
      call(() => setStatus({ id, status, operationId, version, ...(reason !== null ? { reason } : {}) }))
    );

type PreviewMethod<S extends string> = (input: { id: string; status: S }) => Promise<Result<StatusPreview>>;

/** A list's preview, e.g. `statusPreviewer((input) => api().deposits.preview(input))`. */
export const statusPreviewer =
  <S extends string>(preview: PreviewMethod<S>) =>
  (id: string, status: S) =>
    call(() => preview({ id, status }));
