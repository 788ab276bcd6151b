import { useEffect, useRef } from 'react';
import { Checkbox } from '../ui/Choice';

interface SelectCheckboxProps {
  label: string;
  checked: boolean;
  /** Some rows of the page are selected, not all (the header's mixed state). */
  indeterminate?: boolean;
  /** `range`: Shift was held, so the rows since the last clicked one follow. */
  onToggle: (range: boolean) => void;
}

/** A native checkbox (Space toggles it, screen readers name it), with the header's mixed state. */
export function SelectCheckbox({ label, checked, indeterminate = false, onToggle }: SelectCheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <Checkbox
      ref={ref}
      aria-label={label}
      checked={checked}
      // A checkbox's change comes from a click (or Space, sent as one): it says whether Shift was held.
      onChange={(event) => onToggle((event.nativeEvent as MouseEvent).shiftKey === true)}
    />
  );
}
