import { Slot } from '@radix-ui/react-slot';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { Spinner } from './Spinner';

const variants = {
  primary: 'bg-indigo-600 text-white shadow-xs hover:bg-indigo-500 active:bg-indigo-700',
  secondary: 'bg-white text-slate-700 shadow-xs ring-1 ring-inset ring-slate-300 hover:bg-slate-50 hover:text-slate-900',
  ghost: 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  danger: 'bg-rose-600 text-white shadow-xs hover:bg-rose-500 active:bg-rose-700'
} as const;

const sizes = {
  sm: 'h-8 gap-1.5 rounded-md px-3 text-sm',
  md: 'h-9 gap-2 rounded-lg px-3.5 text-sm',
  lg: 'h-10 gap-2 rounded-lg px-4 text-sm'
} as const;

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Shows a spinner and blocks clicks, so a money action cannot be sent twice. */
  busy?: boolean;
  /** Renders the child (e.g. a router Link) with button styling. */
  asChild?: boolean;
}

export function Button({ variant = 'primary', size = 'md', busy = false, asChild = false, disabled, className, children, type, ...props }: ButtonProps) {
  const classes = cn(
    'inline-flex shrink-0 items-center justify-center font-medium whitespace-nowrap transition-colors select-none',
    'disabled:cursor-not-allowed disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0',
    variants[variant],
    sizes[size],
    className
  );
  if (asChild) {
    return (
      <Slot className={classes} {...props}>
        {children}
      </Slot>
    );
  }
  return (
    <button type={type ?? 'button'} className={classes} disabled={disabled || busy} aria-busy={busy || undefined} {...props}>
      {busy && <Spinner className="text-current" />}
      {children}
    </button>
  );
}
