import { z } from 'zod';
import { adjustableFields } from '@shared/domain/users';
import { useFormDraft, type DraftedForm } from '../../lib/drafts';

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

/**
 * The amount and reason typed for this user come back when Manage opens for them again after an
 * idle sign-out; closing the dialog (Cancel, Escape) or applying the change forgets them. Typed
 * faster than the draft came back: what is on screen wins.
 */
export const useManageDraft = (userId: string, form: DraftedForm<ManageValues>) =>
  useFormDraft(manageDraftKey(userId), manageDraftSchema, form, { blank: isBlank, restorable: (_kept, now) => isBlank(now) });
