import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export const inputClasses = cn(
  'block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs',
  'placeholder:text-slate-400 transition-colors',
  'focus:border-indigo-500 focus:ring-3 focus:ring-indigo-500/30 focus:outline-none',
  'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
  'aria-invalid:border-rose-400 aria-invalid:focus:ring-rose-500/15'
);

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(inputClasses, className)} {...props} />;
}
