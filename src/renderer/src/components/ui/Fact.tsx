import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface FactProps {
  label: ReactNode;
  children: ReactNode;
  /** The pair's place in its grid (a wide fact spans two columns). */
  className?: string;
  /** Replace the label's and the value's look (small grey label, body-size value). */
  labelClassName?: string;
  valueClassName?: string;
}

/** One labelled value of a description list (<dl>): the label in small grey type above the value. */
export function Fact({ label, children, className, labelClassName, valueClassName }: FactProps) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className={labelClassName ?? 'text-xs text-slate-500'}>{label}</dt>
      <dd className={valueClassName ?? 'text-sm text-slate-900'}>{children}</dd>
    </div>
  );
}
