import { DecisionDialog } from './DecisionDialog';
import { StatusSelect } from './StatusSelect';
import { useAsking } from './status-requests';
import { useStatusChange, type Decided, type DecisionMethod, type StatusChange } from './status-change';

export type { Confirmation } from './DecisionDialog';

interface StatusChangeCellProps<T extends Decided, S extends string, M extends DecisionMethod> {
  row: T;
  change: StatusChange<T, S, M>;
  /** The select's accessible name, e.g. "Change status for deposit from olivia@gmail.com". */
  label: string;
}

/** The Change Status cell of every review list: pick (or press the status's key on the row), decide on the preview, save once. */
export function StatusChangeCell<T extends Decided, S extends string, M extends DecisionMethod>({ row, change, label }: StatusChangeCellProps<T, S, M>) {
  const saving = useStatusChange(change, row.id);
  const [requested, setAsking] = useAsking(row.id, change.statuses);
  const lock = change.lock?.(row);
  // A key pressed on the row asks like the select does, and is held to the same rules.
  const asking = requested && requested !== row.status && !lock ? requested : null;

  const pick = (value: string) => {
    const next = change.statuses.find((status) => status === value);
    if (!next || next === row.status || saving.isPending) return;
    setAsking(next);
  };

  return (
    <>
      <StatusSelect
        label={label}
        value={saving.isPending && saving.variables ? saving.variables.status : row.status}
        options={change.statuses}
        onPick={pick}
        lock={lock}
        busy={saving.isPending}
      />
      {asking && <RowDecision row={row} change={change} status={asking} saving={saving} onClose={() => setAsking(null)} />}
    </>
  );
}

/** The decision on one row's change to `status`: the change's question and preview, then its save through the row's mutation. */
export function RowDecision<T extends Decided, S extends string, M extends DecisionMethod>({
  row,
  change,
  status,
  saving,
  onClose
}: {
  row: T;
  change: StatusChange<T, S, M>;
  status: S;
  saving: ReturnType<typeof useStatusChange<T, S, M>>;
  onClose: () => void;
}) {
  return (
    <DecisionDialog
      question={change.question(row, status)}
      previewKey={change.previewKey(row.id, status)}
      loadPreview={(asked) => change.preview(row.id, status, asked)}
      commit={(choice) => saving.mutateAsync({ status, choice })}
      busy={saving.isPending}
      onClose={onClose}
    />
  );
}
