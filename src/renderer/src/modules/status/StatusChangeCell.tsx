import type { QueryKey } from '@tanstack/react-query';
import type { StatusOutcome, StatusPreview } from '../../../../shared/contract';
import { DecisionDialog, type Confirmation, type DecisionChoice, type PreviewGiven } from './DecisionDialog';
import { StatusSelect } from './StatusSelect';
import { useAsking } from './status-requests';
import { useStatusChange } from './use-status-change';

export type { Confirmation } from './DecisionDialog';

interface StatusChangeCellProps<S extends string> {
  rowId: string;
  status: string;
  statuses: readonly S[];
  /** The select's accessible name, e.g. "Change status for deposit from olivia@gmail.com". */
  label: string;
  /** Why this row can no longer change, null while it can; left out where records never lock. */
  lock?: string | null;
  /** The question before a change to `next`: every change is decided on its preview. */
  confirmation: (next: S) => Confirmation;
  /** What the change to `status` would do (with the txid and override reason given so far), read afresh each time the dialog opens. */
  preview: (status: S, given: PreviewGiven) => Promise<StatusPreview>;
  previewKey: (status: S) => QueryKey;
  save: (status: S, choice: DecisionChoice) => Promise<StatusOutcome>;
  listKey: QueryKey;
  alsoInvalidate: QueryKey[];
  /** The toast's title when the change fails, with the reason beneath. */
  failed?: string;
}

/** The Change Status cell of every money table: pick (or press the status's key on the row), decide on the preview, save once. */
export function StatusChangeCell<S extends string>({
  rowId,
  status,
  statuses,
  label,
  lock,
  confirmation,
  preview,
  previewKey,
  save,
  listKey,
  alsoInvalidate,
  failed
}: StatusChangeCellProps<S>) {
  const change = useStatusChange<S>(rowId, { listKey, alsoInvalidate, save, ...(failed ? { failed } : {}) });
  const [requested, setAsking] = useAsking<S>(rowId);
  // A key pressed on the row asks like the select does, and is held to the same rules.
  const asking = requested && statuses.includes(requested) && requested !== status && !lock ? requested : null;

  const pick = (value: string) => {
    const next = statuses.find((s) => s === value);
    if (!next || next === status || change.isPending) return;
    setAsking(next);
  };

  return (
    <>
      <StatusSelect
        label={label}
        value={change.isPending && change.variables ? change.variables.status : status}
        options={statuses}
        onPick={pick}
        lock={lock}
        busy={change.isPending}
      />
      {asking && (
        <DecisionDialog
          question={confirmation(asking)}
          previewKey={previewKey(asking)}
          loadPreview={(given) => preview(asking, given)}
          commit={(choice) => change.mutateAsync({ status: asking, choice })}
          busy={change.isPending}
          onClose={() => setAsking(null)}
        />
      )}
    </>
  );
}
