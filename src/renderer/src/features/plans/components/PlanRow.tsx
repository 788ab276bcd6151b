import { Undo2 } from 'lucide-react';
import { useId, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Plan } from '@shared/contract';
import type { PlanInput } from '@shared/domain/plans';
import { Field } from '../../../components/form/Field';
import { Button } from '../../../components/ui/Button';
import { inputClasses } from '../../../components/ui/Input';
import { cn } from '../../../lib/cn';
import { zodMessages } from '../../../lib/zod-messages';
import { storedPlans } from '../api/plans';
import { isUnchanged, planDraftSchema, planFields, toDraft, toInput, type PlanDraft } from '../plan-draft';
import { useMay } from '../../../lib/role';

const resolver = zodResolver(planDraftSchema);

/**
 * One editable plan. Errors show once a field of the row was left (or on Enter); Update stays disabled
 * while the row is unchanged or invalid, and Enter in any field updates the row.
 */
export function PlanRow({ plan }: { plan: Plan }) {
  const { register, handleSubmit, watch, reset, formState } = useForm<PlanDraft, unknown, PlanInput>({
    defaultValues: toDraft(plan),
    resolver,
    // Enter never moves the focus out of the field the administrator is in.
    shouldFocusError: false
  });
  const update = storedPlans.useSave();
  // Plans are configuration (admin and owner): other roles read them, with no Update.
  const mayConfigure = useMay('configure');
  const idPrefix = useId();

  const draft = watch();
  const input = toInput(draft);
  const problems = zodMessages(planDraftSchema, draft);
  const invalid = Object.keys(problems).length > 0;
  const unchanged = isUnchanged(plan, input);
  const saving = update.isPending;
  const planName = plan.name?.trim() || `plan ${plan.id}`;
  // A stored value that is already wrong shows at once; typed ones once a field of the row was
  // left (all of the row's, so "max below min" shows whichever of the two was edited).
  const showProblems = unchanged || formState.isSubmitted || Object.values(formState.touchedFields).some(Boolean);

  const submit = () =>
    void handleSubmit((values) => {
      if (unchanged || saving || !mayConfigure) return;
      update.mutate({ id: plan.id, ...values });
    })();
  const discard = () => reset(toDraft(plan));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape' && !unchanged) {
      event.preventDefault();
      discard();
    }
  };

  return (
    <tr className="align-top">
      {planFields.map(({ field, label, money }) => {
        const id = `${idPrefix}-${field}`;
        const shown = showProblems ? problems[field] : undefined;
        return (
          <td key={field} className="px-3 py-3 first:pl-5">
            <Field id={id} label={`${label} for ${planName}`} labelHidden error={shown} size="xs">
              {(control) => (
                <div className="relative">
                  {money && (
                    <span aria-hidden className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-400">
                      $
                    </span>
                  )}
                  <input
                    {...control}
                    type="text"
                    inputMode={field === 'name' ? 'text' : field === 'duration' ? 'numeric' : 'decimal'}
                    autoComplete="off"
                    spellCheck={field === 'name'}
                    readOnly={saving || !mayConfigure}
                    {...register(field)}
                    onKeyDown={onKeyDown}
                    className={cn(inputClasses, field !== 'name' && 'text-right tabular-nums', money && 'pl-7')}
                  />
                </div>
              )}
            </Field>
          </td>
        );
      })}
      <td className="py-3 pr-5 pl-3">
        <div className={cn('flex items-center justify-end gap-1', !mayConfigure && 'hidden')}>
          <Button
            variant="ghost"
            size="lg"
            className={cn('px-3', unchanged && 'invisible')}
            aria-label={`Discard changes to ${planName}`}
            title="Discard changes"
            disabled={unchanged || saving}
            onClick={discard}
          >
            <Undo2 aria-hidden />
          </Button>
          <Button
            size="lg"
            // Only a row with changes to save stands out.
            variant={unchanged ? 'secondary' : 'primary'}
            aria-label={`Update ${planName}`}
            disabled={unchanged || invalid}
            busy={saving}
            onClick={submit}
            className="min-w-20"
          >
            Update
          </Button>
        </div>
      </td>
    </tr>
  );
}
