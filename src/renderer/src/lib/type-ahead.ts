import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/**
 * A search that runs as the administrator types: off below its minimum length, the last answer
 * kept on screen while the next one runs (instead of flashing empty), and no toast on failure:
 * the box says so itself, beside the field.
 */
export const typeAheadQuery = (enabled: boolean) => ({
  enabled,
  placeholderData: enabled ? keepPreviousData : undefined,
  meta: { silent: true }
});

/**
 * The highlighted option of a listbox (`${listId}-${index}` ids): the first one whenever the
 * options change, so Enter takes it, and always scrolled into view.
 */
export function useActiveOption(options: readonly unknown[], listId: string) {
  const [active, setActive] = useState(-1);
  useEffect(() => setActive(options.length > 0 ? 0 : -1), [options]);
  useEffect(() => {
    if (active >= 0) document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, listId]);
  return [active, setActive] as const;
}
