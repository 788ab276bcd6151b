import { roleDescriptions, roleLabels, roles, type Role } from '@shared/domain/roles';
import { Radio } from '../../../components/ui/Choice';
import { cn } from '../../../lib/cn';

/** The four roles as radio buttons, each with what it may do, so the choice is made knowing it. */
export function RoleChoice({
  name,
  value,
  onChange,
  disabled = false,
  legend
}: {
  name: string;
  value: Role;
  onChange: (role: Role) => void;
  disabled?: boolean;
  legend: string;
}) {
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{legend}</legend>
      {roles.map((role) => (
        <label
          key={role}
          className={cn(
            'flex cursor-pointer items-start gap-3 rounded-lg px-3 py-2.5 ring-1 ring-slate-200 ring-inset',
            value === role && 'bg-indigo-50/60 ring-indigo-300'
          )}
        >
          <Radio name={name} value={role} checked={value === role} onChange={() => onChange(role)} className="mt-0.5" />
          <span>
            <span className="block text-sm font-medium text-slate-900">{roleLabels[role]}</span>
            <span className="block text-sm text-slate-600">{roleDescriptions[role]}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
