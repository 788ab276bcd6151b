import type { ColumnDef, ColumnOrderState, ColumnSizingState, VisibilityState } from '@tanstack/react-table';
import { DEFAULT_DENSITY, MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, type ColumnLayout, type Density } from '@shared/schemas/columns';
import './column';

/**
 * A list's columns as the administrator arranged them: which are shown, in what order, how wide, and
 * how tall the rows are. The layout stores only what differs from the list's default (see
 * src/shared/schemas/columns.ts); these rules apply it to the list's columns as they are today.
 */

/** A list's layout and how to change it (lib/column-layouts.ts keeps it in the preferences file). */
export interface ColumnLayoutControl {
  layout: ColumnLayout;
  change: (next: ColumnLayout) => void;
  /** Back to the list's own columns, order, widths and density. */
  reset: () => void;
}

/** A column as the Columns dialog lists it. */
export interface ColumnChoice {
  id: string;
  label: string;
  /** The list cannot be read without it (the row's identity, its status or actions): it cannot be hidden. */
  required: boolean;
  shown: boolean;
}

const idOf = <T>(column: ColumnDef<T>): string => column.id ?? '';
/** A column's name in words: its header's text (the meta's label where the header draws more, as with a checkbox). */
export const columnLabel = <T>(column: ColumnDef<T>): string =>
  column.meta?.label ?? (typeof column.header === 'string' && column.header ? column.header : idOf(column));
const isRequired = <T>(column: ColumnDef<T>): boolean => column.meta?.required === true;

/**
 * The columns' ids in the order chosen. A column the saved order does not name (one a later version
 * added) takes its place after the column it follows by default; an id no column has any more is dropped.
 */
export function columnOrder(defaults: readonly string[], saved: readonly string[] | undefined): string[] {
  if (!saved) return [...defaults];
  const order = saved.filter((id, i) => defaults.includes(id) && saved.indexOf(id) === i);
  defaults.forEach((id, i) => {
    if (order.includes(id)) return;
    const before = defaults
      .slice(0, i)
      .reverse()
      .find((earlier) => order.includes(earlier));
    order.splice(before === undefined ? 0 : order.indexOf(before) + 1, 0, id);
  });
  return order;
}

const hiddenOf = <T>(columns: readonly ColumnDef<T>[], layout: ColumnLayout) => {
  const hidden = new Set(layout.hidden ?? []);
  return (column: ColumnDef<T>) => hidden.has(idOf(column)) && !isRequired(column);
};

/** Every column of the list in the order chosen, with whether it is shown. */
export function columnChoices<T>(columns: readonly ColumnDef<T>[], layout: ColumnLayout): ColumnChoice[] {
  const hidden = hiddenOf(columns, layout);
  const byId = new Map(columns.map((column) => [idOf(column), column]));
  return columnOrder(columns.map(idOf), layout.order).map((id) => {
    const column = byId.get(id)!;
    return { id, label: columnLabel(column), required: isRequired(column), shown: !hidden(column) };
  });
}

/** The ids of the columns shown, in order: the first of them carries the row's checkbox. */
export const shownColumnIds = <T>(columns: readonly ColumnDef<T>[], layout: ColumnLayout): string[] =>
  columnChoices(columns, layout)
    .filter((choice) => choice.shown)
    .map((choice) => choice.id);

/** The layout as TanStack Table's own state: column order, visibility and sizing. */
export function tableState<T>(columns: readonly ColumnDef<T>[], layout: ColumnLayout) {
  const hidden = hiddenOf(columns, layout);
  const columnOrderState: ColumnOrderState = columnOrder(columns.map(idOf), layout.order);
  const columnVisibility: VisibilityState = Object.fromEntries(columns.map((column) => [idOf(column), !hidden(column)]));
  const columnSizing: ColumnSizingState = { ...layout.widths };
  return { columnOrder: columnOrderState, columnVisibility, columnSizing };
}

export const densityOf = (layout: ColumnLayout): Density => layout.density ?? DEFAULT_DENSITY;

export const clampWidth = (width: number) => Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width)));

/** Drops what equals the default, so a layout put back by hand is no layout at all. */
function tidy(layout: ColumnLayout, defaults: readonly string[]): ColumnLayout {
  const { order, hidden, widths, density } = layout;
  return {
    ...(order && order.some((id, i) => id !== defaults[i]) ? { order } : {}),
    ...(hidden && hidden.length > 0 ? { hidden } : {}),
    ...(widths && Object.keys(widths).length > 0 ? { widths } : {}),
    ...(density && density !== DEFAULT_DENSITY ? { density } : {})
  };
}

/** The list as it comes: nothing chosen. */
export const isDefaultLayout = (layout: ColumnLayout) => Object.keys(layout).length === 0;

/** A column shown or hidden; a required column stays shown. */
export function withShown<T>(columns: readonly ColumnDef<T>[], layout: ColumnLayout, id: string, shown: boolean): ColumnLayout {
  const column = columns.find((candidate) => idOf(candidate) === id);
  if (!column || (!shown && isRequired(column))) return layout;
  const others = (layout.hidden ?? []).filter((hiddenId) => hiddenId !== id);
  return tidy({ ...layout, hidden: shown ? others : [...others, id] }, columns.map(idOf));
}

/** A column moved one place earlier (-1) or later (+1) among all the list's columns. */
export function withMove<T>(columns: readonly ColumnDef<T>[], layout: ColumnLayout, id: string, by: -1 | 1): ColumnLayout {
  const defaults = columns.map(idOf);
  const order = columnOrder(defaults, layout.order);
  const from = order.indexOf(id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= order.length) return layout;
  [order[from], order[to]] = [order[to]!, order[from]!];
  return tidy({ ...layout, order }, defaults);
}

/** A column's width set by hand, kept within what can still be read. */
export function withWidth<T>(columns: readonly ColumnDef<T>[], layout: ColumnLayout, id: string, width: number): ColumnLayout {
  return tidy({ ...layout, widths: { ...layout.widths, [id]: clampWidth(width) } }, columns.map(idOf));
}

export function withDensity<T>(columns: readonly ColumnDef<T>[], layout: ColumnLayout, density: Density): ColumnLayout {
  return tidy({ ...layout, density }, columns.map(idOf));
}
