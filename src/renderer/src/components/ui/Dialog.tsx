import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Read out with the title when the dialog opens. */
  description?: ReactNode;
  children?: ReactNode;
  /** 'alertdialog' for a question that needs an answer (a confirmation). */
  role?: 'dialog' | 'alertdialog';
  /** No close cross (a confirmation is answered with its own buttons). */
  hideClose?: boolean;
  /** 'wide' for a decision with facts to read side by side (the money decision dialog). */
  size?: 'md' | 'wide';
  className?: string;
}

/** A small centred window over a dimmed page: focus stays inside, Escape closes it. */
export function Dialog({ open, onOpenChange, title, description, children, role = 'dialog', hideClose = false, size = 'md', className }: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 backdrop-blur-[1px] dark:bg-black/60" />
        <RadixDialog.Content
          role={role}
          // Without a description Radix warns unless aria-describedby is explicitly undefined.
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2',
            size === 'wide' ? 'max-w-3xl' : 'max-w-md',
            'rounded-xl bg-white p-6 shadow-xl ring-1 ring-slate-900/10 focus:outline-none',
            className
          )}
        >
          <div className="flex items-start justify-between gap-4">
            <RadixDialog.Title className="text-base font-semibold text-slate-900">{title}</RadixDialog.Title>
            {!hideClose && (
              <RadixDialog.Close aria-label="Close" className="-mt-1 -mr-2 rounded-md p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-600">
                <X className="size-4" aria-hidden />
              </RadixDialog.Close>
            )}
          </div>
          {description && (
            <RadixDialog.Description asChild>
              <div className="mt-2 space-y-2 text-sm/6 text-slate-600">{description}</div>
            </RadixDialog.Description>
          )}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
