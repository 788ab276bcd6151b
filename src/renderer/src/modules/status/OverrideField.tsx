import { SUSPENSION_REASON_MAX } from '@shared/domain/suspension';
import { Field } from '../../components/form/Field';
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
      <Field label="Override reason" hint="Kept on the audit entry of this decision, 5 to 500 characters." error={problem} errorReplacesHint>
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            maxLength={SUSPENSION_REASON_MAX}
            value={value}
            disabled={disabled}
            onChange={(event) => onChange(event.target.value)}
            placeholder="Why this goes ahead despite the above: who you checked with, what you saw"
          />
        )}
      </Field>
    </div>
  );
}
