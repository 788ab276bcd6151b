import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Page } from '@shared/contract';
import { pageSelection, useRowSelection, type RowSelection } from '../../../components/data-table/selection';
import { PagedTable, type PagedTableProps } from '../../../components/data-table/PagedTable';
import { platformSettingsQuery } from '../../../lib/platform-settings';
import { useMay } from '../../../lib/role';
import { readOnlyList } from '../read-only';
import { ReviewListKeysProvider, useReviewListKeys } from '../keyboard/use-review-list-keys';
import type { DecisionMethod, StatusChange } from '../../status/status-change';
import type { TableList } from '../definition';
import { rowWho, type ReviewRow } from '../status-change';
import { BulkBar } from './BulkBar';
import { BulkDialog, type BulkWording } from './BulkDialog';
import { MatchingNote } from './MatchingNote';
import { useSelectMatching } from './select-matching';

interface ReviewTableProps<T extends ReviewRow, S extends string, M extends DecisionMethod> extends Omit<PagedTableProps<T>, 'columns' | 'selection' | 'keys'> {
  list: TableList<T, S, M>;
  /** The filters, in one string: a selection made under other filters is dropped. */
  resetKey: string;
  /** A page of the same filtered list at any size: "Select all 237 matching" reads them with it. */
  fetchMatching?: (cursor: string | null, pageSize: number) => Promise<Page<T>>;
  /** The bulk bar's and summary's words, where the action is not "Set <status>" (a payout). */
  wording?: BulkWording;
  /** Names the bulk summary's reason draft (default: the list's name). */
  bulkKey?: string;
}

/** Why a credit or payout is not offered in bulk while the platform requires a txid: a bulk decision sends none. */
export const ONE_BY_ONE = 'This platform requires a transaction id for every credit and payout. Each needs its own transaction id: decide them one by one.';

/**
 * The statuses of the selection that ask for a txid (a deposit's Success, a withdrawal's Approved),
 * held back from the bulk bar while the platform requires one, or while its settings are being read
 * (null: no sentence yet). Once they are known to be off, every status is offered.
 */
function useOneByOne<T extends ReviewRow, S extends string, M extends DecisionMethod>(
  change: StatusChange<T, S, M>,
  row: T | undefined
): Partial<Record<string, string | null>> {
  const asking = row ? change.statuses.filter((status) => change.question(row, status).txid) : [];
  const settings = useQuery({ ...platformSettingsQuery, enabled: asking.length > 0 });
  // Settings that cannot be read hold nothing back: each record's preview says whether a txid is required.
  const why = settings.data ? (settings.data.requireTxid ? ONE_BY_ONE : undefined) : settings.isError ? undefined : null;
  return why === undefined ? {} : Object.fromEntries(asking.map((status) => [status, why]));
}

function Table<T extends ReviewRow, S extends string, M extends DecisionMethod>({
  list: given,
  resetKey,
  above,
  fetchMatching,
  wording,
  bulkKey = given.name,
  ...table
}: ReviewTableProps<T, S, M>) {
  // A role that may not decide is offered no status change: no column, boxes, bulk bar or keys.
  const list = readOnlyList(given, useMay('decide'));
  const pages = table.query.data?.pages;
  const rows = useMemo(() => pages?.flatMap((page) => page.rows) ?? [], [pages]);
  const ids = rows.map((row) => row.id);
  const pageRows = useRowSelection(ids, resetKey);
  const matching = useSelectMatching(fetchMatching ?? (() => Promise.reject(new Error('This list cannot select beyond its pages.'))), resetKey);
  // Any change by hand to the rows' boxes goes back to selecting what is ticked.
  const handOnly =
    <A extends unknown[]>(act: (...args: A) => void) =>
    (...args: A) => {
      matching.clear();
      act(...args);
    };
  const selection: RowSelection = {
    ...pageRows,
    toggle: handOnly(pageRows.toggle),
    togglePage: handOnly(pageRows.togglePage),
    selectPage: handOnly(pageRows.selectPage),
    clear: handOnly(pageRows.clear)
  };
  const keys = useReviewListKeys(list);
  // The records and the status are fixed when the bulk change opens: a refresh while it runs must not change what it acts on.
  const [bulk, setBulk] = useState<{ status: S; rows: T[] } | null>(null);
  const everything = matching.state.kind === 'selected' ? matching.state.rows : null;
  const chosen = everything ?? rows.filter((row) => pageRows.selected.has(row.id));
  const oneByOne = useOneByOne(list.change, chosen[0]);
  const wholePage = rows.length > 0 && pageSelection(pageRows.selected, ids) === 'all';
  const total = pages?.[0]?.total ?? null;
  const note =
    fetchMatching && (wholePage || matching.state.kind !== 'none') ? (
      <MatchingNote
        state={matching.state}
        pageCount={rows.length}
        total={total}
        noun={list.noun}
        onSelectAll={() => total !== null && void matching.select(total)}
        onCancel={matching.clear}
      />
    ) : null;

  return (
    <>
      <PagedTable
        {...table}
        columns={list.tableColumns}
        // Nothing to do with selected rows where no status can be set (payouts off): no boxes.
        selection={list.change.statuses.length > 0 ? { state: selection, rowLabel: (row) => `${list.noun.one} from ${rowWho(row)}` } : undefined}
        keys={keys}
        above={
          chosen.length > 0 || above ? (
            <>
              {chosen.length > 0 && (
                <BulkBar
                  count={chosen.length}
                  statuses={list.change.statuses}
                  onSet={(status) => setBulk({ status, rows: chosen })}
                  onClear={selection.clear}
                  note={note}
                  wording={wording}
                  oneByOne={oneByOne}
                />
              )}
              {above}
            </>
          ) : undefined
        }
      />
      {bulk && (
        <BulkDialog
          rows={bulk.rows}
          status={bulk.status}
          change={list.change}
          noun={list.noun}
          wording={wording}
          draftKey={`bulk:${bulkKey}:${bulk.status}`}
          onClose={(ran) => {
            setBulk(null);
            if (ran) selection.clear();
          }}
        />
      )}
    </>
  );
}

/** A money list's table with selectable rows (a page, or every matching record), a bulk bar over them, and keys on the focused row. */
export function ReviewTable<T extends ReviewRow, S extends string, M extends DecisionMethod>(props: ReviewTableProps<T, S, M>) {
  return (
    <ReviewListKeysProvider>
      <Table {...props} />
    </ReviewListKeysProvider>
  );
}
