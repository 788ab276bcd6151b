import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { OTHER_REASON, REASON_MAX, reasonLabel, type ReasonDraft, type ReasonRule } from './decision';
import { Textarea } from '../../components/ui/Input';

interface ReasonFieldProps {
  rule: ReasonRule;
  draft: ReasonDraft;
  onChange: (draft: ReasonDraft) => void;
  /** Shown under the field once the administrator tried to confirm without a valid reason. */
  problem: string | null;
  disabled?: boolean;
}

const control =
  'w-full rounded-lg border border-slate-300 bg-white text-sm text-slate-900 shadow-xs hover:border-slate-400 focus:border-indigo-500 focus:ring-3 focus:ring-indigo-500/30 focus:outline-none disabled:opacity-60';

/** The reason a decision is taken with: a select of the common reasons plus "Other…", or an optional note. */
export function ReasonField({ rule, draft, onChange, problem, disabled = false }: ReasonFieldProps) {
  const id = useId();
  const problemId = `${id}-problem`;
  const showText = rule.kind === 'optional' || draft.choice === OTHER_REASON;
  const describedBy = problem ? problemId : undefined;
  return (
    <div className="space-y-2">
      {rule.kind === 'required' && (
        <div>
          <label htmlFor={`${id}-choice`} className="block text-sm font-medium text-slate-700">
            Reason
          </label>
          <div className="relative mt-1">
            <select
              id={`${id}-choice`}
              value={draft.choice}
              disabled={disabled}
              aria-invalid={problem !== null && !draft.choice}
              aria-describedby={describedBy}
              onChange={(event) => onChange({ ...draft, choice: event.target.value })}
              className={`${control} h-9 appearance-none pr-9 pl-3`}
            >
              <option value="">Choose a reason…</option>
              {rule.choices.map((choice) => (
                <option key={choice} value={choice}>
                  {reasonLabel(choice)}
                </option>
              ))}
              <option value={OTHER_REASON}>{OTHER_REASON}</option>
            </select>
            <ChevronDown aria-hidden className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-400" />
          </div>
        </div>
      )}
      {showText && (
        <div>
          <label htmlFor={`${id}-text`} className="block text-sm font-medium text-slate-700">
            {rule.kind === 'required' ? 'Reason in your words' : 'Note (optional)'}
          </label>
          <Textarea
            id={`${id}-text`}
            value={draft.text}
            rows={2}
            maxLength={REASON_MAX}
            disabled={disabled}
            aria-describedby={describedBy}
            onChange={(event) => onChange({ ...draft, text: event.target.value })}
            placeholder={rule.kind === 'required' ? 'What the customer and the audit log should read' : 'Kept in the audit log'}
            className="mt-1"
          />
        </div>
      )}
      {problem && (
        <p id={problemId} className="text-sm text-rose-700">
          {problem}
        </p>
      )}
    </div>
  );
}
