import type { Row } from '@tanstack/react-table';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

interface VirtualRowsProps<T> {
  rows: Row<T>[];
  columnCount: number;
  /** `measure` is set when rows may differ in height: attach it as the row's ref. */
  renderRow: (row: Row<T>, measure: ((el: HTMLTableRowElement | null) => void) | undefined, index: number) => ReactNode;
  /** Every row exactly this tall: nothing is measured. Otherwise rows are measured as they render. */
  rowHeight?: number;
  spacerClassName?: string;
}

const ESTIMATED_ROW_HEIGHT = 57;

/**
 * Renders only the rows near the viewport (the window scrolls, not the table), with spacer rows
 * above and below so the scrollbar and the table keep their full height.
 */
export function VirtualRows<T>({ rows, columnCount, renderRow, rowHeight, spacerClassName = 'p-0' }: VirtualRowsProps<T>) {
  const anchorRef = useRef<HTMLTableRowElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  // Where the body starts on the page. Content above the table (a notice, a search summary) can
  // move it, and that changes the page's height, so the body's size is watched rather than measuring
  // on every scroll frame (which would force a layout each time).
  useLayoutEffect(() => {
    const measure = () => {
      const anchor = anchorRef.current;
      if (anchor) setScrollMargin(Math.round(anchor.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => rowHeight ?? ESTIMATED_ROW_HEIGHT,
    overscan: rowHeight ? 10 : 12,
    scrollMargin,
    getItemKey: (index) => rows[index]?.id ?? index
  });
  const items = virtualizer.getVirtualItems();
  const before = items.length > 0 ? items[0]!.start - scrollMargin : 0;
  const after = items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1]!.end - scrollMargin) : 0;
  const measure = rowHeight ? undefined : virtualizer.measureElement;

  return (
    <>
      <tr ref={anchorRef} aria-hidden style={{ height: before }}>
        <td colSpan={columnCount} className={spacerClassName} />
      </tr>
      {items.map((item) => renderRow(rows[item.index]!, measure, item.index))}
      <tr aria-hidden style={{ height: Math.max(0, after) }}>
        <td colSpan={columnCount} className={spacerClassName} />
      </tr>
    </>
  );
}
