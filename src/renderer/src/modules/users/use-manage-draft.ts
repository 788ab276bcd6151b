import { useEffect, useRef, useState } from 'react';
import type { UseFormGetValues, UseFormReset, UseFormWatch } from 'react-hook-form';
import { z } from 'zod';
import { adjustableFields } from '../../../../shared/domain/users';
import { useDraft } from '../../lib/drafts';

const manageDraftSchema = z.object({
  field: z.enum(adjustableFields),
  operation: z.enum(['add', 'subtract']),
  amount: z.string(),
  reason: z.string()
});

/** What the Manage dialog holds: the amount as typed. */
export type ManageValues = z.output<typeof manageDraftSchema>;

export const emptyManage: ManageValues = { field: 'balance', operation: 'add', amount: '', reason: '' };

/** One draft per customer: the figure chosen, the operation, the amount and the reason typed. */
export const manageDraftKey = (userId: string) => `manage:${userId}`;

const isBlank = (values: ManageValues) => !values.amount.trim() && !values.reason.trim();

interface ManageForm {
  watch: UseFormWatch<ManageValues>;
  getValues: UseFormGetValues<ManageValues>;
  reset: UseFormReset<ManageValues>;
}

/**
 * The amount and reason typed for this customer come back when Manage opens for them again after
 * an idle sign-out; closing the dialog (Cancel, Escape) or applying the change forgets them.
 */
export function useManageDraft(userId: string, { watch, getValues, reset }: ManageForm) {
  const { loaded, restored: kept, save, forget } = useDraft(manageDraftKey(userId), manageDraftSchema);
  const [restored, setRestored] = useState(false);
  const applied = useRef(false);

  useEffect(() => {
    if (!loaded || applied.current) return;
    applied.current = true;
    // Typed faster than the draft came back: what is on screen wins.
    if (!kept || !isBlank(getValues())) return;
    reset(kept);
    setRestored(true);
  }, [loaded, kept, getValues, reset]);

  useEffect(() => {
    const subscription = watch(() => {
      const values = getValues();
      save(isBlank(values) ? null : values);
    });
    return () => subscription.unsubscribe();
  }, [watch, getValues, save]);

  return {
    restored,
    forget: () => {
      setRestored(false);
      forget();
    }
  };
}
