import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** What every text control shares: its border, text, focus ring, and disabled and invalid states. */
const controlClasses = cn(
  'block w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs',
  'placeholder:text-slate-400 transition-colors',
  'focus:border-indigo-500 focus:ring-3 focus:ring-indigo-500/30 focus:outline-none',
  'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
  'aria-invalid:border-rose-400 aria-invalid:focus:ring-rose-500/15'
);

export const inputClasses = cn(controlClasses, 'h-10');

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(inputClasses, className)} {...props} />;
}

/** An amount in dollars: Input with a "$" drawn before the text (screen readers have the label) and figures of one width. */
export function DollarInput({ className, ...props }: ComponentProps<'input'>) {
  return (
    <div className="relative max-w-56">
      <span aria-hidden className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-500">
        $
      </span>
      <Input inputMode="decimal" className={cn('pl-7 tabular-nums', className)} {...props} />
    </div>
  );
}

/**
 * A multi-line text box that looks and behaves like Input (a reason, a note). Fixed height unless
 * `resizable`, so a dialog's buttons do not move while typing.
 */
export function Textarea({ className, resizable = false, ...props }: ComponentProps<'textarea'> & { resizable?: boolean }) {
  return <textarea className={cn(controlClasses, 'py-2 leading-6', resizable ? 'resize-y' : 'resize-none', className)} {...props} />;
}
