interface ProgressProps {
  label: string;
  done: number;
  total: number;
}

/** A bar with "3 of 5" beside it, read out as the same words. */
export function Progress({ label, done, total }: ProgressProps) {
  const text = `${done} of ${total}`;
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={text}
        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full rounded-full bg-indigo-500 transition-[width]" style={{ width: `${total === 0 ? 0 : (done / total) * 100}%` }} />
      </div>
      <span className="text-sm text-slate-600 tabular-nums">{text}</span>
    </div>
  );
}
