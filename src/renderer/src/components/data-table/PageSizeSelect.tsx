import { ChevronDown } from 'lucide-react';
import { useId } from 'react';

interface PageSizeSelectProps {
  value: number;
  sizes: readonly number[];
  onChange: (size: number) => void;
}

/** "Rows per page [25 ▾]": how many rows a page of a server-paged list reads. */
export function PageSizeSelect({ value, sizes, onChange }: PageSizeSelectProps) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-slate-500">
        Rows per page
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(Number(event.target.value))}
          className="h-8 appearance-none rounded-md border border-slate-300 bg-white pr-8 pl-2.5 text-sm text-slate-900 tabular-nums shadow-xs hover:border-slate-400 focus:border-indigo-500 focus:ring-3 focus:ring-indigo-500/30 focus:outline-none"
        >
          {sizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <ChevronDown aria-hidden className="pointer-events-none absolute top-1/2 right-2.5 size-3.5 -translate-y-1/2 text-slate-400" />
      </div>
    </div>
  );
}
