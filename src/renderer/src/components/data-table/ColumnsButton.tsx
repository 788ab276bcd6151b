import type { ColumnDef } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, Columns3, RotateCcw } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { densities, type Density } from '@shared/schemas/columns';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { columnChoices, densityOf, withDensity, withMove, withShown, type ColumnLayoutControl } from './column-layout';
import { Checkbox, Radio } from '../ui/Choice';

interface ColumnsButtonProps<T> {
  /** Every column of the list, in its own order. */
  columns: readonly ColumnDef<T>[];
  layout: ColumnLayoutControl;
  /** What the list holds, for the dialog's title: "deposits". */
  what: string;
}

const densityWords: Record<Density, string> = { comfortable: 'Comfortable', compact: 'Compact' };

/**
 * "Columns": which columns the list shows and in what order, and how tall its rows are. Every change
 * applies at once and is said in a status message; the list keeps it on this computer.
 */
export function ColumnsButton<T>({ columns, layout, what }: ColumnsButtonProps<T>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <Columns3 aria-hidden />
        Columns
      </Button>
      {open && <ColumnsDialog columns={columns} layout={layout} what={what} onClose={() => setOpen(false)} />}
    </>
  );
}

function ColumnsDialog<T>({ columns, layout, what, onClose }: ColumnsButtonProps<T> & { onClose: () => void }) {
  const choices = columnChoices(columns, layout.layout);
  const density = densityOf(layout.layout);
  const [said, setSaid] = useState('');
  // A moved column's button keeps the focus (or its other arrow, once it reaches an end).
  const [refocus, setRefocus] = useState<{ id: string; by: -1 | 1 } | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const idBase = useId();

  useLayoutEffect(() => {
    if (!refocus || !list.current) return;
    const button = (by: number) => list.current?.querySelector<HTMLButtonElement>(`button[data-column="${refocus.id}"][data-move="${by}"]`);
    const same = button(refocus.by);
    (same && !same.disabled ? same : button(-refocus.by))?.focus();
  }, [refocus, choices]);

  const show = (id: string, label: string, shown: boolean) => {
    layout.change(withShown(columns, layout.layout, id, shown));
    setSaid(`${label} ${shown ? 'shown' : 'hidden'}.`);
  };
  const move = (id: string, label: string, by: -1 | 1) => {
    const from = choices.findIndex((choice) => choice.id === id);
    layout.change(withMove(columns, layout.layout, id, by));
    setRefocus({ id, by });
    setSaid(`${label} moved to position ${from + by + 1} of ${choices.length}.`);
  };
  const chooseDensity = (next: Density) => {
    layout.change(withDensity(columns, layout.layout, next));
    setSaid(`${densityWords[next]} rows.`);
  };
  const reset = () => {
    layout.reset();
    setSaid(`The ${what} show their own columns, widths and rows again.`);
  };

  return (
    <Dialog
      open
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={`Columns of ${what}`}
      description="Choose the columns to show and their order. Drag a column's edge in the header, or focus it and use the arrow keys, to change its width. Kept on this computer."
    >
      <ul ref={list} aria-label="Columns" className="mt-4 divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
        {choices.map((choice, index) => {
          const boxId = `${idBase}-${choice.id}`;
          return (
            <li key={choice.id} className="flex items-center gap-3 px-3 py-1.5">
              <Checkbox
                id={boxId}
                checked={choice.shown}
                disabled={choice.required}
                aria-describedby={choice.required ? `${boxId}-required` : undefined}
                onChange={(event) => show(choice.id, choice.label, event.target.checked)}
              />
              <span className="flex min-w-0 flex-1 items-baseline gap-2">
                <label htmlFor={boxId} className="truncate text-sm text-slate-800">
                  {choice.label}
                </label>
                {choice.required && (
                  <span id={`${boxId}-required`} className="shrink-0 text-xs text-slate-500">
                    Always shown
                  </span>
                )}
              </span>
              <MoveButton id={choice.id} label={choice.label} by={-1} disabled={index === 0} onMove={move} />
              <MoveButton id={choice.id} label={choice.label} by={1} disabled={index === choices.length - 1} onMove={move} />
            </li>
          );
        })}
      </ul>

      <fieldset className="mt-4">
        <legend className="text-sm font-medium text-slate-800">Rows</legend>
        <div className="mt-2 flex gap-5">
          {densities.map((choice) => (
            <label key={choice} className="flex cursor-pointer items-center gap-2 text-sm text-slate-700">
              <Radio name="density" value={choice} checked={density === choice} onChange={() => chooseDensity(choice)} />
              {densityWords[choice]}
            </label>
          ))}
        </div>
      </fieldset>

      <p role="status" aria-live="polite" className="mt-4 min-h-5 text-sm text-slate-600">
        {said}
      </p>

      <div className="mt-4 flex items-center justify-between gap-3">
        <Button variant="ghost" size="sm" onClick={reset}>
          <RotateCcw aria-hidden />
          Reset to default
        </Button>
        <Button size="sm" onClick={onClose}>
          Done
        </Button>
      </div>
    </Dialog>
  );
}

function MoveButton({
  id,
  label,
  by,
  disabled,
  onMove
}: {
  id: string;
  label: string;
  by: -1 | 1;
  disabled: boolean;
  onMove: (id: string, label: string, by: -1 | 1) => void;
}) {
  const Icon = by < 0 ? ArrowUp : ArrowDown;
  return (
    <button
      type="button"
      data-column={id}
      data-move={by}
      aria-label={`Move ${label} ${by < 0 ? 'up' : 'down'}`}
      disabled={disabled}
      onClick={() => onMove(id, label, by)}
      className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent"
    >
      <Icon className="size-4" aria-hidden />
    </button>
  );
}
