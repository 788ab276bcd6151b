import type { MailState } from '../../../../../shared/contract';
import { statusLabel } from '../../../../../shared/domain/statuses';
import { SelectField } from '../../../components/ui/SelectField';
import { mailStateList } from '../kinds';

const ALL = 'all';

const options = [{ value: ALL, label: 'All states' }, ...mailStateList.map((state) => ({ value: state, label: statusLabel(state) }))];

export function MailStateFilter({ state, onChange }: { state: MailState | null; onChange: (state: MailState | null) => void }) {
  return (
    <SelectField
      label="State"
      value={state ?? ALL}
      options={options}
      onChange={(value) => onChange(value === ALL ? null : (value as MailState))}
    />
  );
}
