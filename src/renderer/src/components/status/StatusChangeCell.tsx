import { useState, type ReactNode } from 'react';
import type { StatusOutcome } from '../../../../shared/contract';
import type { QueryKey } from '@tanstack/react-query';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { StatusSelect } from './StatusSelect';
import { useStatusChange } from './use-status-change';

/** What to ask before a change with money effects. */
export interface Confirmation {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
}

interface StatusChangeCellProps<S extends string> {
  rowId: string;
  status: string;
  statuses: readonly S[];
  /** The select's accessible name, e.g. "Change status for deposit from olivia@gmail.com". */
  label: string;
  /** Why this row can no longer change, null while it can; left out where records never lock. */
  lock?: string | null;
  /** A question for transitions that move money; null applies the change directly. */
  confirmation?: (next: S) => Confirmation | null;
  save: (status: S) => Promise<StatusOutcome>;
  listKey: QueryKey;
  alsoInvalidate: QueryKey[];
}

/** The Change Status cell of every money table: pick, confirm when it matters, save once. */
export function StatusChangeCell<S extends string>({
  rowId,
  status,
  statuses,
  label,
  lock,
  confirmation,
  save,
  listKey,
  alsoInvalidate
}: StatusChangeCellProps<S>) {
  const change = useStatusChange<S>(rowId, { listKey, alsoInvalidate, save });
  const [asking, setAsking] = useState<{ next: S; question: Confirmation } | null>(null);

  const pick = (value: string) => {
    const next = statuses.find((s) => s === value);
    if (!next || next === status || change.isPending) return;
    const question = confirmation?.(next) ?? null;
    if (question) setAsking({ next, question });
    else change.mutate(next);
  };

  const confirm = () => {
    if (!asking) return;
    change.mutate(asking.next, { onSettled: () => setAsking(null) });
  };

  return (
    <>
      <StatusSelect
        label={label}
        value={change.isPending && change.variables ? change.variables : status}
        options={statuses}
        onPick={pick}
        lock={lock}
        busy={change.isPending}
      />
      {asking && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setAsking(null)}
          title={asking.question.title}
          description={asking.question.description}
          confirmLabel={asking.question.confirmLabel}
          tone={asking.question.tone}
          busy={change.isPending}
          onConfirm={confirm}
        />
      )}
    </>
  );
}
