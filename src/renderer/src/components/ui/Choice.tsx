import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** Native boxes keep Space, arrow keys and screen-reader names; they only take the app's colour and focus ring. */
const choiceClasses =
  'size-4 shrink-0 cursor-pointer accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed';

type ChoiceProps = Omit<ComponentProps<'input'>, 'type'>;

/** A checkbox: a column shown, a document asked for again, a row selected. */
export function Checkbox({ className, ...props }: ChoiceProps) {
  return <input type="checkbox" className={cn(choiceClasses, 'rounded border-slate-300', className)} {...props} />;
}

/** One radio button of a group (give the group one `name`): a row density, a figure, a time zone. */
export function Radio({ className, ...props }: ChoiceProps) {
  return <input type="radio" className={cn(choiceClasses, className)} {...props} />;
}
