import { ChevronDown } from 'lucide-react';
import { useId } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps {
  label: string;
  value: string;
  options: SelectOption[];
  onChange: (value: string) => void;
  /** Shown but not changeable; `title` says why (also read out). */
  disabled?: boolean;
  title?: string;
}

/** A labelled native select for filters: "Kind [All ▾]". */
export function SelectField({ label, value, options, onChange, disabled = false, title }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="flex items-center gap-2.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-600">
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          disabled={disabled}
          title={title}
          onChange={(event) => onChange(event.target.value)}
          className="h-9 min-w-44 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500 appearance-none rounded-lg border border-slate-300 bg-white pr-9 pl-3 text-sm text-slate-900 shadow-xs hover:border-slate-400 focus:border-indigo-500 focus:ring-3 focus:ring-indigo-500/30 focus:outline-none"
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown aria-hidden className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-400" />
      </div>
    </div>
  );
}
