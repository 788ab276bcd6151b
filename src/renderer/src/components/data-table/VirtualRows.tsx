import type { Row } from '@tanstack/react-table';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

interface VirtualRowsProps<T> {
  rows: Row<T>[];
  columnCount: number;
  renderRow: (row: Row<T>, ref: (el: HTMLTableRowElement | null) => void, index: number) => ReactNode;
}

const ESTIMATED_ROW_HEIGHT = 57;

/**
 * Renders only the rows near the viewport (the window scrolls, not the table), with spacer rows
 * above and below so the scrollbar and the table keep their full height.
 */
export function VirtualRows<T>({ rows, columnCount, renderRow }: VirtualRowsProps<T>) {
  const anchorRef = useRef<HTMLTableRowElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  useLayoutEffect(() => {
    const anchor = anchorRef.current;
    if (anchor) setScrollMargin(anchor.getBoundingClientRect().top + window.scrollY);
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    overscan: 12,
    scrollMargin
  });
  const items = virtualizer.getVirtualItems();
  const before = items.length > 0 ? items[0]!.start - scrollMargin : 0;
  const after = items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1]!.end - scrollMargin) : 0;

  return (
    <>
      <tr ref={anchorRef} aria-hidden style={{ height: before }}>
        <td colSpan={columnCount} className="p-0" />
      </tr>
      {items.map((item) => renderRow(rows[item.index]!, virtualizer.measureElement, item.index))}
      <tr aria-hidden style={{ height: Math.max(0, after) }}>
        <td colSpan={columnCount} className="p-0" />
      </tr>
    </>
  );
}
