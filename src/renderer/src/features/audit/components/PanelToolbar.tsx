import type { ReactNode } from 'react';
import { RefreshButton, type Refreshable } from '../../../components/RefreshButton';
import { SelectField } from '../../../components/ui/SelectField';

const ALL = 'all';

interface ChoiceFilterProps<Value extends string> {
  label: string;
  allLabel: string;
  values: readonly Value[];
  labelOf: (value: Value) => string;
  value: Value | null;
  onChange: (value: Value | null) => void;
}

/** A filter select: "All …" first, then one option per value; null stands for all of them. */
export function ChoiceFilter<Value extends string>({ label, allLabel, values, labelOf, value, onChange }: ChoiceFilterProps<Value>) {
  const options = [{ value: ALL, label: allLabel }, ...values.map((v) => ({ value: v, label: labelOf(v) }))];
  return <SelectField label={label} value={value ?? ALL} options={options} onChange={(picked) => onChange(picked === ALL ? null : (picked as Value))} />;
}

/** Above a panel's table: its filter (and any other, `moreFilters`) on the left, the table's Columns button and Refresh on the right. */
export function PanelToolbar<Value extends string>({
  filter,
  moreFilters,
  query,
  columnsButton
}: {
  filter: ChoiceFilterProps<Value>;
  moreFilters?: ReactNode;
  query: Refreshable;
  columnsButton: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <div className="flex flex-wrap items-center gap-4">
        <ChoiceFilter {...filter} />
        {moreFilters}
      </div>
      <div className="flex items-center gap-3">
        {columnsButton}
        <RefreshButton query={query} />
      </div>
    </div>
  );
}
