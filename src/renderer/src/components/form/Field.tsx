import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** What the input slot spreads onto its control so the label, hint and error belong to it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  /** Omitted when a label elsewhere in the layout already points at `id`. */
  label?: ReactNode;
  /** The label is read by assistive technology only (a table cell whose column header says it). */
  labelHidden?: boolean;
  /** Always shown under the input; with `errorReplacesHint`, the error takes its place. */
  hint?: ReactNode;
  errorReplacesHint?: boolean;
  /** Shown inline under the input; null or undefined when the value is fine (or not checked yet). */
  error?: string | null;
  /** Messages in small print (table rows, long lists) or body size (dialogs). */
  size?: 'xs' | 'sm';
  /** A fixed id for the control (e2e and labels elsewhere refer to it); generated otherwise. */
  id?: string;
  className?: string;
  labelClassName?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * One form field: label, input slot, hint and inline error. The control is described by the error
 * (first) and the hint, and marked aria-invalid while an error shows.
 */
export function Field({
  label,
  labelHidden = false,
  hint,
  errorReplacesHint = false,
  error,
  size = 'sm',
  id: fixedId,
  className,
  labelClassName,
  children
}: FieldProps) {
  const generated = useId();
  const id = fixedId ?? generated;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const shownError = error || null;
  const hintShown = hint !== undefined && !(errorReplacesHint && shownError);
  const describedBy = [shownError ? errorId : null, hintShown ? hintId : null].filter(Boolean).join(' ') || undefined;
  const text = size === 'xs' ? 'text-xs/5' : 'text-sm';
  const errorTone = size === 'xs' ? 'text-rose-600' : 'text-rose-700';

  return (
    <div className={className}>
      {label !== undefined && (
        <label htmlFor={id} className={cn(labelHidden ? 'sr-only' : 'mb-1.5 block text-sm font-medium text-slate-700', labelClassName)}>
          {label}
        </label>
      )}
      {children({ id, 'aria-invalid': shownError ? true : undefined, 'aria-describedby': describedBy })}
      {shownError && (
        <p id={errorId} className={cn('mt-1.5', text, errorTone)}>
          {shownError}
        </p>
      )}
      {hintShown && (
        <p id={hintId} className={cn('mt-1.5 text-slate-500', size === 'xs' ? 'text-xs' : 'text-sm')}>
          {hint}
        </p>
      )}
    </div>
  );
}
