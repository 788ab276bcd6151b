import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A key as it is printed on the keyboard: "Ctrl", "K", "↓". */
export function Kbd({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <kbd
      className={cn(
        'inline-flex h-5 min-w-5 items-center justify-center rounded border border-slate-300 bg-white px-1 font-sans text-xs font-medium text-slate-600 shadow-[0_1px_0_var(--color-slate-300)]',
        className
      )}
    >
      {children}
    </kbd>
  );
}

/**
 * A catalogue label ("Ctrl K / ⌘ K", "j / ↓", "Shift x") as keys: each alternative's keys drawn
 * apart, the alternatives separated by "or".
 */
export function KeyCombo({ label }: { label: string }) {
  const alternatives = label.split(' / ');
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <span className="sr-only">{alternatives.join(' or ')}</span>
      {alternatives.map((alternative, i) => (
        <span key={alternative} className="inline-flex items-center gap-1" aria-hidden>
          {i > 0 && <span className="px-0.5 text-xs text-slate-500">or</span>}
          {alternative.split(' ').map((key) => (
            <Kbd key={key}>{key}</Kbd>
          ))}
        </span>
      ))}
    </span>
  );
}
