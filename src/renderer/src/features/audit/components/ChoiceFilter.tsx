import { SelectField } from '../../../components/ui/SelectField';

const ALL = 'all';

/** A filter select: "All …" first, then one option per value; null stands for all of them. */
export function ChoiceFilter<Value extends string>({
  label,
  allLabel,
  values,
  labelOf,
  value,
  onChange
}: {
  label: string;
  allLabel: string;
  values: readonly Value[];
  labelOf: (value: Value) => string;
  value: Value | null;
  onChange: (value: Value | null) => void;
}) {
  const options = [{ value: ALL, label: allLabel }, ...values.map((v) => ({ value: v, label: labelOf(v) }))];
  return (
    <SelectField
      label={label}
      value={value ?? ALL}
      options={options}
      onChange={(picked) => onChange(picked === ALL ? null : (picked as Value))}
    />
  );
}
