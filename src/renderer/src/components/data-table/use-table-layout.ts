import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { ColumnLayout } from '@shared/schemas/columns';
import { densityOf, tableState, withWidth, type ColumnLayoutControl } from './column-layout';
import type { ColumnWidths } from './TableParts';

const NO_LAYOUT: ColumnLayout = {};

/**
 * A table's columns as arranged (TanStack Table's order, visibility and sizing state), its density,
 * and its headers' edges: a width being dragged shows at once and is kept when the drag ends.
 * Without a layout, every column in its own order at its own width.
 */
export function useTableLayout<T>(columns: readonly ColumnDef<T>[], layout: ColumnLayoutControl | undefined) {
  const arranged = layout?.layout ?? NO_LAYOUT;
  const [dragged, setDragged] = useState<{ id: string; width: number } | null>(null);
  const state = useMemo(() => {
    const chosen = tableState(columns, arranged);
    return dragged ? { ...chosen, columnSizing: { ...chosen.columnSizing, [dragged.id]: dragged.width } } : chosen;
  }, [columns, arranged, dragged]);
  const widths: ColumnWidths | undefined = layout && {
    widthOf: (id) => state.columnSizing[id],
    onResize: (id, width, final) => {
      if (!final) return setDragged({ id, width });
      setDragged(null);
      layout.change(withWidth(columns, arranged, id, width));
    }
  };
  return { arranged, state, widths, density: densityOf(arranged) };
}
