import { Undo2 } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import type { Plan } from '../../../../../shared/contract';
import { checkPlan, type PlanField } from '../../../../../shared/domain/plans';
import { Button } from '../../../components/ui/Button';
import { inputClasses } from '../../../components/ui/Input';
import { cn } from '../../../lib/cn';
import { useUpdatePlan } from '../api/plans';
import { isUnchanged, planFields, toDraft, toInput, type PlanDraft } from '../plan-draft';

const noneTouched: Record<PlanField, boolean> = { name: false, min: false, max: false, roi: false, duration: false };

/**
 * One editable plan. Errors show once a field of the row was left (or on Enter); Update stays disabled
 * while the row is unchanged or invalid, and Enter in any field updates the row.
 */
export function PlanRow({ plan }: { plan: Plan }) {
  const [draft, setDraft] = useState<PlanDraft>(() => toDraft(plan));
  const [touched, setTouched] = useState(noneTouched);
  const update = useUpdatePlan();
  const idPrefix = useId();

  const input = toInput(draft);
  const problems = checkPlan(input);
  const invalid = Object.keys(problems).length > 0;
  const unchanged = isUnchanged(plan, input);
  const saving = update.isPending;
  const planName = plan.name?.trim() || `plan ${plan.id}`;
  // A stored value that is already wrong shows at once; typed ones once a field of the row was
  // left (all of the row's, so "max below min" shows whichever of the two was edited).
  const showProblems = unchanged || Object.values(touched).some(Boolean);

  const submit = () => {
    setTouched({ name: true, min: true, max: true, roi: true, duration: true });
    if (invalid || unchanged || saving) return;
    update.mutate({ id: plan.id, ...input });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape' && !unchanged) {
      event.preventDefault();
      setDraft(toDraft(plan));
      setTouched(noneTouched);
    }
  };

  return (
    <tr className="align-top">
      {planFields.map(({ field, label, money }) => {
        const id = `${idPrefix}-${field}`;
        const shown = showProblems ? problems[field] : undefined;
        return (
          <td key={field} className="px-3 py-3 first:pl-5">
            <div className="relative">
              {money && (
                <span aria-hidden className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-400">
                  $
                </span>
              )}
              <input
                id={id}
                type="text"
                inputMode={field === 'name' ? 'text' : field === 'duration' ? 'numeric' : 'decimal'}
                autoComplete="off"
                spellCheck={field === 'name'}
                aria-label={`${label} for ${planName}`}
                aria-invalid={shown ? true : undefined}
                aria-describedby={shown ? `${id}-error` : undefined}
                readOnly={saving}
                value={draft[field]}
                onChange={(event) => setDraft((d) => ({ ...d, [field]: event.target.value }))}
                onBlur={() => setTouched((t) => (t[field] ? t : { ...t, [field]: true }))}
                onKeyDown={onKeyDown}
                className={cn(inputClasses, field !== 'name' && 'text-right tabular-nums', money && 'pl-7')}
              />
            </div>
            {shown && (
              <p id={`${id}-error`} className="mt-1.5 text-xs/5 text-rose-600">
                {shown}
              </p>
            )}
          </td>
        );
      })}
      <td className="py-3 pr-5 pl-3">
        <div className="flex items-center justify-end gap-1">
          <Button
            variant="ghost"
            size="lg"
            className={cn('px-3', unchanged && 'invisible')}
            aria-label={`Discard changes to ${planName}`}
            title="Discard changes"
            disabled={unchanged || saving}
            onClick={() => {
              setDraft(toDraft(plan));
              setTouched(noneTouched);
            }}
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
