import type { QueryKey } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { statusLabel } from '@shared/domain/statuses';
import { column } from '../../components/data-table/column';
import { keysMovedByMoney } from '../../lib/query-keys';
import type { Confirmation } from '../status/DecisionDialog';
import { StatusChangeCell } from '../status/StatusChangeCell';
import type { DecisionMethod, StatusChange } from '../status/status-change';

/** What every review list's row has: the record, its status and who it is about. */
export interface ReviewRow {
  id: string;
  status: string;
  email: string | null;
  username?: string | null;
}

/** Who a row is about, in words: its user's e-mail, else their name, else the record's id. */
export const rowWho = (row: ReviewRow): string => row.email ?? row.username ?? row.id;

/**
 * How a list's records change status, as its feature defines it: the statuses, the lock, the question
 * for a change, and the contract's preview and save for the list (its own `preview` and `setStatus`).
 * The list's definition completes it with its cache keys into the one StatusChange every way of
 * deciding goes through (modules/status/status-change.ts).
 */
export interface ListStatusChange<T extends ReviewRow, S extends string, M extends DecisionMethod> extends Pick<
  StatusChange<T, S, M>,
  'statuses' | 'lock' | 'preview' | 'decision' | 'save' | 'failed'
> {
  /** The question for a change (wording, reason, facts); a plain "Set this … to …?" with an optional note when null or left out. */
  confirmation?: (row: T, next: S) => Confirmation | null;
  /** Other screens the change can move; every money screen's figures by default. */
  alsoInvalidate?: QueryKey[];
  /** The column's id and header: "changeStatus", "Change Status" unless the list names it otherwise. */
  column?: { id: string; header: string };
}

/** "Set this investment from olivia@gmail.com to Completed?": a change that moves no money, still decided on its preview. */
export function plainConfirmation(noun: string, row: ReviewRow, next: string): Confirmation {
  const who = row.email ?? row.username;
  const to = statusLabel(next);
  return { title: `Change ${noun} status?`, description: `Set this ${noun}${who ? ` from ${who}` : ''} to ${to}?`, confirmLabel: `Set ${to}` };
}

/** A list's status change with its cache keys: its paged list, its own root (a pending record approved leaves "Pending") and what else it moves. */
export function listStatusChange<T extends ReviewRow, S extends string, M extends DecisionMethod>(
  noun: string,
  keys: { list: QueryKey; root: QueryKey },
  { confirmation, alsoInvalidate = keysMovedByMoney, column: _column, ...change }: ListStatusChange<T, S, M>
): StatusChange<T, S, M> {
  return {
    ...change,
    question: (row, next) => confirmation?.(row, next) ?? plainConfirmation(noun, row, next),
    previewKey: (id, next) => ['statusPreview', ...keys.root, id, next],
    listKey: keys.list,
    alsoInvalidate: [keys.root, ...alsoInvalidate]
  };
}

/** The Change Status column: a row's select, its lock and its decision, all through the list's StatusChange. */
export function statusChangeColumn<T extends ReviewRow, S extends string, M extends DecisionMethod>(
  noun: string,
  change: StatusChange<T, S, M>,
  header: { id: string; header: string }
): ColumnDef<T> {
  return column<T>(header.id, header.header, (row) => <StatusChangeCell row={row} change={change} label={`Change status for ${noun} from ${rowWho(row)}`} />, {
    skeleton: 'w-28',
    required: true,
    changes: true
  });
}
