import type { QueryKey } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { StatusOutcome, StatusPreview } from '../../../../shared/contract';
import { statusLabel } from '../../../../shared/domain/statuses';
import { column } from '../../components/data-table/column';
import { keysMovedByMoney } from '../../lib/query-keys';
import type { Confirmation, DecisionChoice, PreviewGiven } from '../status/DecisionDialog';
import { StatusChangeCell } from '../status/StatusChangeCell';

/** What every money list's row has: the record, its status and who it is about. */
export interface ReviewRow {
  id: string;
  status: string;
  email: string | null;
  username?: string | null;
}

/** Who a row is about, in words: its user's e-mail, else their name, else the record's id. */
export const rowWho = (row: ReviewRow): string => row.email ?? row.username ?? row.id;

/** How a row's status changes: the select, its lock, the decision asked on the change's preview, the save. */
export interface StatusChange<T, S extends string> {
  statuses: readonly S[];
  /** Why a row can no longer change, null while it can; left out where records never lock. */
  lock?: (row: T) => string | null;
  /** The question for a change (wording, reason, facts); a plain "Set this … to …?" with an optional note when null. */
  confirmation?: (row: T, next: S) => Confirmation | null;
  /** What the change would do (the contract's `<list>.preview`), with the txid and the override reason given so far where the list takes them. */
  preview: (id: string, status: S, given?: PreviewGiven) => Promise<StatusPreview>;
  save: (id: string, status: S, choice: DecisionChoice) => Promise<StatusOutcome>;
  /** The toast's title when a change fails, with the reason beneath; the reason alone when left out. */
  failed?: string;
  /** Other screens the change can move; every money screen's figures by default. */
  alsoInvalidate?: QueryKey[];
  /** The column's id and header: "changeStatus", "Change Status" unless the list names it otherwise. */
  column?: { id: string; header: string };
}

/** "Set this investment from olivia@gmail.com to Completed?": a change that moves no money, still decided on its preview. */
export function plainConfirmation<S extends string>(noun: string, row: ReviewRow, next: S): Confirmation {
  const who = row.email ?? row.username;
  const to = statusLabel(next);
  return { title: `Change ${noun} status?`, description: `Set this ${noun}${who ? ` from ${who}` : ''} to ${to}?`, confirmLabel: `Set ${to}` };
}

/**
 * A list's status change as one record at a time, with everything already bound to the list: the
 * select's cell, the keys on a row and a bulk change all decide and save through it.
 */
export interface BoundStatusChange<T> {
  statuses: readonly string[];
  lock: (row: T) => string | null;
  question: (row: T, next: string) => Confirmation;
  preview: (id: string, status: string, given?: PreviewGiven) => Promise<StatusPreview>;
  save: (id: string, status: string, choice: DecisionChoice) => Promise<StatusOutcome>;
  failed?: string;
  /** The paged list a row belongs to (patched at once), then everything a change can move. */
  listKey: QueryKey;
  alsoInvalidate: QueryKey[];
}

export function bindStatusChange<T extends ReviewRow, S extends string>(
  noun: string,
  listKey: QueryKey,
  root: QueryKey,
  change: StatusChange<T, S>
): BoundStatusChange<T> {
  const { statuses, lock, confirmation, preview, save, failed, alsoInvalidate = keysMovedByMoney } = change;
  // The select and the keys offer only `statuses`, so a status asked for is one of them.
  const known = (status: string) => status as S;
  return {
    statuses,
    lock: (row) => lock?.(row) ?? null,
    question: (row, next) => confirmation?.(row, known(next)) ?? plainConfirmation(noun, row, next),
    preview: (id, status, given) => preview(id, known(status), given),
    save: (id, status, choice) => save(id, known(status), choice),
    ...(failed ? { failed } : {}),
    listKey,
    // The list's own tab counts move too (a pending record that is approved leaves "Pending").
    alsoInvalidate: [root, ...alsoInvalidate]
  };
}

/** The Change Status column: a row's select, its lock and its decision, all through the bound change. */
export function statusChangeColumn<T extends ReviewRow>(
  noun: string,
  root: QueryKey,
  change: BoundStatusChange<T>,
  hasLock: boolean,
  header: { id: string; header: string }
): ColumnDef<T> {
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
        preview={(status, given) => change.preview(row.id, status, given)}
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
