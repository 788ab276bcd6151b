import { useId } from 'react';
import { SUSPENSION_REASON_MAX } from '@shared/domain/suspension';
import { Notice } from '../../components/ui/Notice';
import { Textarea } from '../../components/ui/Input';

interface OverrideFieldProps {
  /** What the change would override, one sentence each (a suspended customer, a blocked address). */
  overrides: readonly string[];
  value: string;
  onChange: (value: string) => void;
  problem: string | null;
  disabled?: boolean;
}

/**
 * A change refused unless the administrator says why it should go ahead anyway (docs/product-rules.md
 * §5.8): what it overrides, and the reason, which the audit entry keeps.
 */
export function OverrideField({ overrides, value, onChange, problem, disabled = false }: OverrideFieldProps) {
  const id = useId();
  return (
    <div className="space-y-2">
      <Notice tone="warning">
        <p className="font-medium">This needs an override reason to go ahead.</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-4">
          {overrides.map((override) => (
            <li key={override}>{override}</li>
          ))}
        </ul>
      </Notice>
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          Override reason
        </label>
        <Textarea
          id={id}
          rows={2}
          maxLength={SUSPENSION_REASON_MAX}
          value={value}
          disabled={disabled}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange(event.target.value)}
          placeholder="Why this goes ahead despite the above: who you checked with, what you saw"
          className="mt-1"
        />
        <p id={`${id}-hint`} className={problem ? 'mt-1 text-sm text-rose-700' : 'mt-1 text-sm text-slate-500'}>
          {problem ?? 'Kept on the audit entry of this decision, 5 to 500 characters.'}
        </p>
      </div>
    </div>
  );
}
