import { cn } from '../../lib/cn';
import { HiddenHeader } from './HiddenHeader';

/** A column of a table drawn by hand: what its header says, and its own look beside the row's. */
export interface ColumnHeader {
  label: string;
  /** Alignment, width, a padding of its own. */
  className?: string;
  /** Only screen readers hear it (HiddenHeader): over a column of row buttons. */
  hidden?: boolean;
}

/** The header row of a table drawn by hand: one <th scope="col"> a column, in order, each with `cellClassName` and its own class. */
export function HeaderRow({ columns, cellClassName, className }: { columns: readonly (string | ColumnHeader)[]; cellClassName?: string; className?: string }) {
  return (
    <tr className={className}>
      {columns.map((column) => {
        const { label, className: own, hidden }: ColumnHeader = typeof column === 'string' ? { label: column } : column;
        const look = cn(cellClassName, own);
        return hidden ? (
          <HiddenHeader key={label} label={label} className={look} />
        ) : (
          <th key={label} scope="col" className={look}>
            {label}
          </th>
        );
      })}
    </tr>
  );
}
