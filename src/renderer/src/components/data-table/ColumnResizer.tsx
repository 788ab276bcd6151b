import { useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from '@shared/schemas/columns';
import { clampWidth } from './column-layout';

/** Arrow keys resize by this much; with Shift, by four times as much. */
export const RESIZE_STEP = 16;

interface ColumnResizerProps {
  /** The column's name: "Amount". */
  label: string;
  /** The width set by hand (or being dragged to); undefined while the column sizes to its content. */
  width: number | undefined;
  /** `final` is false while a drag is under way (shown, not yet kept) and true once the width is chosen. */
  onResize: (width: number, final: boolean) => void;
}

/**
 * The edge of a column's header: drag it, or focus it and press the arrow keys, to make the column
 * narrower or wider. A focusable separator, so screen readers say which column and how wide it is.
 */
export function ColumnResizer({ label, width, onResize }: ColumnResizerProps) {
  const ref = useRef<HTMLDivElement>(null);
  const drag = useRef<{ startX: number; startWidth: number; width: number } | null>(null);
  const [measured, setMeasured] = useState<number | null>(null);
  const headerWidth = () => Math.round(ref.current?.parentElement?.getBoundingClientRect().width ?? 0);

  // A column sized by its content has a width too: the separator says it and a resize starts from it.
  useLayoutEffect(() => {
    const header = ref.current?.parentElement;
    if (!header) return;
    setMeasured(headerWidth());
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setMeasured(headerWidth()));
    observer.observe(header);
    return () => observer.disconnect();
  }, []);

  const now = clampWidth(width ?? measured ?? MIN_COLUMN_WIDTH);

  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.shiftKey ? RESIZE_STEP * 4 : RESIZE_STEP;
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowUp'
        ? now + step
        : event.key === 'ArrowLeft' || event.key === 'ArrowDown'
          ? now - step
          : event.key === 'Home'
            ? MIN_COLUMN_WIDTH
            : event.key === 'End'
              ? MAX_COLUMN_WIDTH
              : null;
    if (next === null) return;
    // The table's own keys (rows, selection) are not for a header's edge.
    event.preventDefault();
    event.stopPropagation();
    onResize(clampWidth(next), true);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const start = width ?? headerWidth();
    drag.current = { startX: event.clientX, startWidth: start, width: start };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    drag.current.width = clampWidth(drag.current.startWidth + event.clientX - drag.current.startX);
    onResize(drag.current.width, false);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
    const { width: chosen } = drag.current;
    drag.current = null;
    onResize(chosen, true);
  };

  return (
    <div
      ref={ref}
      role="separator"
      aria-orientation="vertical"
      aria-label={`Width of ${label}`}
      aria-valuenow={now}
      aria-valuemin={MIN_COLUMN_WIDTH}
      aria-valuemax={MAX_COLUMN_WIDTH}
      aria-valuetext={`${now} pixels`}
      tabIndex={0}
      title="Drag, or use the arrow keys, to resize this column"
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      className="group/resizer absolute inset-y-0 right-0 z-[1] flex w-2 cursor-col-resize touch-none justify-center select-none focus-visible:outline-none"
    >
      <span
        aria-hidden
        className="my-2 w-0.5 rounded-full bg-slate-300 opacity-0 transition-opacity group-hover/resizer:opacity-100 group-focus-visible/resizer:w-1 group-focus-visible/resizer:bg-indigo-600 group-focus-visible/resizer:opacity-100"
      />
    </div>
  );
}
